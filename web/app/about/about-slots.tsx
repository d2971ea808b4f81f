import { ContactForm } from "../../features/contact/contact-form";
import { Island } from "../../islands/island";

/** The 'Join the Mission' form comes from the contact feature (an island); the about page owns its section. */
export function ContactFormSlot() {
  return <Island name="contactForm" component={ContactForm} props={{}} hydrate="visible" />;
}

/** The site-wide impact figure comes from the completions feature. */
export { SiteImpactFigure as SiteImpactSlot } from "../../features/completions/site-impact";
