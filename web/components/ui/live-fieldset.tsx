import type { ReactNode } from "react";
import { useHydrated } from "../../lib/site";

/**
 * A form's controls, disabled until the page has hydrated: on a server-rendered page a change or a
 * submit before React is attached would be lost or sent as a plain GET. `display: contents` keeps
 * the form's own layout.
 */
export function LiveFieldset({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset disabled={!hydrated} className="contents">
      {children}
    </fieldset>
  );
}
