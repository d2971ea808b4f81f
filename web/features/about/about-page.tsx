import { PlaceholderPage } from "../../components/placeholder-page";
import { ContactForm } from "../contact/contact-form";

/**
 * The footer links to /about#contact, #privacy and #terms, so those anchors exist from the start;
 * the contact feature fills the form in.
 */
export function AboutPage() {
  return (
    <PlaceholderPage
      title="About Earthkind"
      eyebrow="Our mission"
      lead="We make protecting nature a weekly habit: one simple, meaningful action at a time, for people across the United States."
    >
      <div className="mt-16 grid gap-14">
        <section id="contact" aria-labelledby="contact-title">
          <h2 id="contact-title" className="text-3xl font-semibold text-forest-900">
            Join the Mission
          </h2>
          <p className="mt-3 max-w-2xl leading-relaxed text-muted-foreground">
            Want to volunteer, partner with us or just say hello? Tell us a little about yourself.
          </p>
          <div className="mt-8 max-w-3xl">
            <ContactForm />
          </div>
        </section>
        <section id="privacy" aria-labelledby="privacy-title">
          <h2 id="privacy-title" className="text-2xl font-semibold text-forest-900">
            Privacy Policy
          </h2>
          <p className="mt-3 max-w-2xl leading-relaxed text-muted-foreground">
            We collect only what we need to send your weekly actions and never sell your information. You can
            unsubscribe from any email with one click.
          </p>
        </section>
        <section id="terms" aria-labelledby="terms-title">
          <h2 id="terms-title" className="text-2xl font-semibold text-forest-900">
            Terms of Use
          </h2>
          <p className="mt-3 max-w-2xl leading-relaxed text-muted-foreground">
            Earthkind content is shared to inspire action for nature. Events and petitions are run by their organizers;
            check their details before you take part.
          </p>
        </section>
      </div>
    </PlaceholderPage>
  );
}
