import { ContactForm } from "../../features/contact/contact-form";

/** The 'Join the Mission' form comes from the contact feature; the about page owns its section. */
export function ContactFormSlot() {
  return <ContactForm />;
}

/** The site-wide impact figure comes from the completions feature. */
export { SiteImpactFigure as SiteImpactSlot } from "../../features/completions/site-impact";
