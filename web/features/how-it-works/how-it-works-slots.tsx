/** The site-wide impact figure comes from the completions feature; this page only places it. */
export { SiteImpactFigure as SiteImpactSlot } from "../completions/site-impact";
