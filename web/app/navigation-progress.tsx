import { useNavigation } from "react-router-dom";
import { cn } from "../lib/cn";

/** A thin bar while a lazily loaded page's code is on its way, so a slow link does not look dead. */
export function NavigationProgress() {
  const busy = useNavigation().state !== "idle";
  return (
    <div
      aria-hidden="true"
      className={cn(
        "pointer-events-none fixed inset-x-0 top-0 z-[60] h-0.5 origin-left bg-sun-400 transition-[transform,opacity] ease-out",
        busy ? "scale-x-75 opacity-100 duration-[2500ms]" : "scale-x-100 opacity-0 duration-300",
      )}
    />
  );
}
