/**
 * The 'Join the Mission' contact form is built by the email feature. This slot renders nothing until
 * it is merged; the lead replaces the body with web/features/contact/contact-form.tsx's component.
 */
export function ContactFormSlot() {
  return null;
}
