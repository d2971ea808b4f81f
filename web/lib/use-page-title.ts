import { useEffect } from "react";
import { useT } from "./i18n";

export const SITE_NAME = "Earthkind";

/**
 * Sets document.title for the page; pass nothing for the site's default title, the home page's own in the page's
 * language (the English one matches the <title> in index.html, so home reads the same before and after JS runs).
 */
export function usePageTitle(title?: string): void {
  const { t } = useT();
  const fallback = t("page.home.title");
  useEffect(() => {
    document.title = title ? `${title} · ${SITE_NAME}` : fallback;
  }, [title, fallback]);
}
