import { useEffect } from "react";

export const SITE_NAME = "Earthkind";
/** Matches the <title> in index.html, so the home page reads the same before and after JS runs. */
export const DEFAULT_TITLE = "Earthkind — one simple action a week to protect the wild";

/** Sets document.title for the page; pass nothing for the site's default title. */
export function usePageTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${SITE_NAME}` : DEFAULT_TITLE;
  }, [title]);
}
