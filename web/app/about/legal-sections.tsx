import type { ReactNode } from "react";
import { DELIVERY_RETENTION_DAYS, SENDER_IP_DAYS, WEBHOOK_ADDRESS_DAYS } from "#contract/retention/windows";
import { RETENTION_DAYS } from "#contract/security/retention";

function LegalSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="border-t border-border pt-12">
      <h2 id={`${id}-title`} className="text-2xl font-semibold text-forest-900 sm:text-3xl">
        {title}
      </h2>
      <div className="mt-6 grid max-w-3xl gap-4 leading-relaxed text-muted-foreground [&_h3]:mt-2 [&_h3]:font-sans [&_h3]:text-base [&_h3]:font-semibold [&_h3]:text-forest-900">
        {children}
      </div>
    </section>
  );
}

/** The footer's privacy and terms anchors (/about#privacy, /about#terms) land here. */
export function PrivacySection() {
  return (
    <LegalSection id="privacy" title="Privacy Policy">
      <p>We collect only what we need to send you weekly actions and run this site, and we never sell it.</p>
      <h3>What we collect</h3>
      <ul className="list-disc pl-5">
        <li>When you subscribe: your first name, email address and, if you choose, your ZIP code.</li>
        <li>When you write to us: your name, email address and message.</li>
        <li>When you sign in: your email address and the actions you mark complete, with any notes you add.</li>
        <li>When you submit an event: the event and organizer details you enter.</li>
        <li>To keep accounts safe: limited security logs, such as sign-in attempts and IP addresses.</li>
      </ul>
      <h3>How we use it</h3>
      <p>
        To email you the weekly action and occasional updates, to suggest events near your ZIP code, to answer your
        messages, to show your progress, and to protect the site from abuse. Emails are delivered through an email
        service provider acting on our behalf. We do not share your information with advertisers.
      </p>
      <h3>Your choices and controls</h3>
      <ul className="list-disc pl-5">
        <li>
          <strong>Unsubscribe:</strong> every weekly email has a link to unsubscribe in one click or manage your
          subscription.
        </li>
        <li>
          <strong>Delete your subscription data:</strong> on that same page, "Delete my subscription data" unsubscribes
          you and deletes your name, email address and ZIP code at once. We keep only a one-way fingerprint (a hash) of
          the address, so it is never added back and emailed by mistake; the list of emails we sent keeps no address.
        </li>
        <li>
          <strong>Download your data:</strong> signed-in members can download everything we hold about their account
          from My Progress, as a JSON file: profile, sign-in history, completed actions with notes, and the weekly-email
          subscription for the same address.
        </li>
        <li>
          <strong>Delete your account:</strong> also on My Progress. Type your email address to confirm; we delete your
          profile, completed actions and notes, sign-in links and sessions, sign you out on every device, delete the
          same address's weekly-email subscription data as above, and email you a confirmation. Security log entries
          about your account stop naming you (your identity is replaced by a one-way code) and are deleted on the
          schedule below.
        </li>
        <li>
          <strong>Anything else:</strong> to have a message you sent us deleted, or for any other request, write to us
          through the contact form above.
        </li>
      </ul>
      <h3>How long we keep it</h3>
      <ul className="list-disc pl-5">
        <li>
          Subscriptions: while you are subscribed, and after you unsubscribe until you delete your subscription data or
          your account.
        </li>
        <li>Member accounts: until you delete your account.</li>
        <li>
          Security logs (sign-in attempts and IP addresses, and our own staff's access to personal data):{" "}
          {RETENTION_DAYS} days, then deleted automatically every night.
        </li>
        <li>Reviewed event submissions, including organizer contact details: {RETENTION_DAYS} days after review.</li>
        <li>Sign-in links and sign-in tokens: deleted a day after they expire or are used.</li>
        <li>Contact messages: until we have dealt with them and you or we delete them.</li>
        <li>
          The list of emails we sent, one line per person and email: {DELIVERY_RETENTION_DAYS} days after that send
          ends; a send's totals, which name no one, stay.
        </li>
        <li>
          Email addresses in bounce and spam-complaint reports from our email provider: {WEBHOOK_ADDRESS_DAYS} days; an
          address that bounces for good or complains stays on our do-not-email list until it is removed.
        </li>
        <li>The IP address a contact message or an event submission was sent from: {SENDER_IP_DAYS} days.</li>
      </ul>
      <h3>Cookies and other sites</h3>
      <p>
        We use a single cookie to keep you signed in, and no advertising cookies or third-party trackers. Petitions and
        resources open on other organizations' websites, which have their own privacy policies; petition links tell the
        organization that you came from Earthkind.
      </p>
    </LegalSection>
  );
}

export function TermsSection() {
  return (
    <LegalSection id="terms" title="Terms of Use">
      <p>By using Earthkind you agree to these terms.</p>
      <h3>Taking action</h3>
      <p>
        Our weekly actions are general suggestions. Please take them safely and lawfully: follow local rules, respect
        private property and wildlife, and check that plants and materials suit your area.
      </p>
      <h3>Content you send us</h3>
      <p>
        Events you submit are reviewed before they appear and may be edited or declined. Please submit only accurate
        information that you have the right to share.
      </p>
      <h3>Other websites</h3>
      <p>
        We link to petitions, events and resources run by other organizations. We check them before sharing, but we are
        not responsible for their content or practices.
      </p>
      <h3>Data sources</h3>
      <p>
        ZIP code locations used to find events near you come from the{" "}
        <a
          className="font-semibold text-forest-700 underline underline-offset-4"
          href="https://github.com/davglass/zipcodes"
        >
          zipcodes
        </a>{" "}
        package (BSD license), built from the{" "}
        <a
          className="font-semibold text-forest-700 underline underline-offset-4"
          href="http://federalgovernmentzipcodes.us/"
        >
          Free Zipcode Database
        </a>{" "}
        with coordinates from{" "}
        <a className="font-semibold text-forest-700 underline underline-offset-4" href="https://www.geonames.org/">
          GeoNames
        </a>
        , licensed under{" "}
        <a
          className="font-semibold text-forest-700 underline underline-offset-4"
          href="https://creativecommons.org/licenses/by/4.0/"
        >
          CC BY 4.0
        </a>
        . We use the US entries with a location, unchanged.
      </p>
      <h3>Changes</h3>
      <p>We may update these terms and this privacy policy; the version on this page is the current one.</p>
    </LegalSection>
  );
}
