import { Trans } from "@lingui/react";
import type { ReactNode } from "react";
import { DELIVERY_RETENTION_DAYS, SENDER_IP_DAYS, WEBHOOK_ADDRESS_DAYS } from "#contract/retention/windows";
import { RETENTION_DAYS } from "#contract/security/retention";
import { MessageLink } from "../../components/message-link";
import { useT } from "../../lib/i18n";

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

/** A choice of the privacy policy: its name in bold (<0>…</0> in the message), then what it does. */
function Choice({ id }: { id: string }) {
  return (
    <li>
      <Trans id={id} components={{ 0: <strong /> }} />
    </li>
  );
}

/** The footer's privacy and terms anchors (/about#privacy, /about#terms) land here. */
export function PrivacySection() {
  const { t } = useT();
  return (
    <LegalSection id="privacy" title={t("about.privacy.title")}>
      <p>{t("about.privacy.intro")}</p>
      <h3>{t("about.privacy.collect.title")}</h3>
      <ul className="list-disc pl-5">
        <li>{t("about.privacy.collect.subscribe")}</li>
        <li>{t("about.privacy.collect.write")}</li>
        <li>{t("about.privacy.collect.signIn")}</li>
        <li>{t("about.privacy.collect.event")}</li>
        <li>{t("about.privacy.collect.security")}</li>
      </ul>
      <h3>{t("about.privacy.use.title")}</h3>
      <p>{t("about.privacy.use.body")}</p>
      <h3>{t("about.privacy.choices.title")}</h3>
      <ul className="list-disc pl-5">
        <Choice id="about.privacy.choices.unsubscribe" />
        <Choice id="about.privacy.choices.deleteSubscription" />
        <Choice id="about.privacy.choices.download" />
        <Choice id="about.privacy.choices.deleteAccount" />
        <Choice id="about.privacy.choices.other" />
      </ul>
      <h3>{t("about.privacy.keep.title")}</h3>
      <ul className="list-disc pl-5">
        <li>{t("about.privacy.keep.subscriptions")}</li>
        <li>{t("about.privacy.keep.accounts")}</li>
        <li>{t("about.privacy.keep.securityLogs", { days: RETENTION_DAYS })}</li>
        <li>{t("about.privacy.keep.submissions", { days: RETENTION_DAYS })}</li>
        <li>{t("about.privacy.keep.signInLinks")}</li>
        <li>{t("about.privacy.keep.messages")}</li>
        <li>{t("about.privacy.keep.deliveries", { days: DELIVERY_RETENTION_DAYS })}</li>
        <li>{t("about.privacy.keep.bounces", { days: WEBHOOK_ADDRESS_DAYS })}</li>
        <li>{t("about.privacy.keep.senderIp", { days: SENDER_IP_DAYS })}</li>
      </ul>
      <h3>{t("about.privacy.cookies.title")}</h3>
      <p>{t("about.privacy.cookies.body")}</p>
    </LegalSection>
  );
}

const SOURCE_LINK = "font-semibold text-forest-700 underline underline-offset-4";

export function TermsSection() {
  const { t } = useT();
  return (
    <LegalSection id="terms" title={t("about.terms.title")}>
      <p>{t("about.terms.intro")}</p>
      <h3>{t("about.terms.action.title")}</h3>
      <p>{t("about.terms.action.body")}</p>
      <h3>{t("about.terms.content.title")}</h3>
      <p>{t("about.terms.content.body")}</p>
      <h3>{t("about.terms.other.title")}</h3>
      <p>{t("about.terms.other.body")}</p>
      <h3>{t("about.terms.data.title")}</h3>
      <p>
        {/* The sources' and the licence's own names, in English in every language (and marked so). */}
        <Trans
          id="about.terms.data.body"
          components={{
            0: <MessageLink lang="en" className={SOURCE_LINK} href="https://github.com/davglass/zipcodes" />,
            1: <MessageLink lang="en" className={SOURCE_LINK} href="http://federalgovernmentzipcodes.us/" />,
            2: <MessageLink lang="en" className={SOURCE_LINK} href="https://www.geonames.org/" />,
            3: <MessageLink lang="en" className={SOURCE_LINK} href="https://creativecommons.org/licenses/by/4.0/" />,
          }}
        />
      </p>
      <h3>{t("about.terms.changes.title")}</h3>
      <p>{t("about.terms.changes.body")}</p>
    </LegalSection>
  );
}
