/**
 * WCAG 2.2 3.2.6 (consistent help): one link to the eco-anxiety support page, with the same words in the
 * same place — the footer — of every email (layout.ts) and every page (web/app/footer.tsx). Pure: the web
 * bundle imports it.
 */
export const SUPPORT_LINK_LABEL = "Feeling heavy? Find support";
