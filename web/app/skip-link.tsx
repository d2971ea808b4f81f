import type { MouseEvent } from "react";
import { useT } from "../lib/i18n";

export const MAIN_ID = "main";

export function SkipLink() {
  const { t } = useT();
  // Focus <main> directly rather than following the fragment: the URL stays clean and the
  // router sees no navigation.
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_ID);
    if (!main) return;
    event.preventDefault();
    main.focus({ preventScroll: true });
    main.scrollIntoView({ behavior: "instant", block: "start" });
  };
  return (
    <a
      href={`#${MAIN_ID}`}
      onClick={skip}
      className="sr-only rounded-full bg-forest-800 px-5 py-3 font-semibold text-white shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[70]"
    >
      {t("chrome.skipLink")}
    </a>
  );
}
