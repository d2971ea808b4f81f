import { SiteImpactFigure } from "../features/completions/site-impact";
import { HowItWorksPage } from "../features/how-it-works/how-it-works-page";

/** /how-it-works composed from the page and the completions feature's site-wide impact figure. */
export function HowItWorks() {
  return <HowItWorksPage impact={<SiteImpactFigure />} />;
}
