import { Trans } from "@lingui/react";
import { Link } from "react-router-dom";
import { MessageLink } from "../../components/message-link";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Island } from "../../islands/island";
import { useT } from "../../lib/i18n";
import { usePageMeta } from "../../lib/use-page-meta";
import { PAGES, routePath } from "../../pages";
import { SUPPORT_RESOURCES_ID, SupportResources } from "./support-resources";

const feelHealAct = (t: ReturnType<typeof useT>["t"]) => [
  { title: t("support.feel.title"), body: t("support.feel.body") },
  { title: t("support.heal.title"), body: t("support.heal.body") },
  { title: t("support.act.title"), body: t("support.act.body") },
];

const CRISIS_LINK = "font-semibold text-forest-700 underline underline-offset-4";

/** /support and /get-support (both routes render this page; /support is canonical). */
export function SupportPage() {
  usePageMeta(PAGES.support.meta);
  const { t } = useT();
  return (
    <>
      <section aria-labelledby="support-title" className="bg-moss-50">
        <div className="mx-auto max-w-5xl px-4 py-20 sm:px-6 sm:py-28 lg:px-8">
          <p className="text-sm font-semibold tracking-wider text-forest-600 uppercase">{t("support.hero.eyebrow")}</p>
          <h1
            id="support-title"
            className="mt-4 text-4xl leading-tight font-semibold text-forest-900 sm:text-5xl lg:text-6xl"
          >
            {t("support.hero.title")}
          </h1>
          <p className="mt-6 max-w-2xl text-lg leading-relaxed text-muted-foreground sm:text-xl">
            {t("support.hero.lead")}
          </p>
          <div className="mt-10 flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link to={routePath("actions")}>{t("support.hero.weeklyActions")}</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <a href={`#${SUPPORT_RESOURCES_ID}`}>{t("support.hero.resources")}</a>
            </Button>
          </div>
          <p className="mt-10 max-w-2xl rounded-2xl border border-clay-100 bg-card p-4 text-foreground">
            {/* The crisis lines' numbers stay; how to reach them in the reader's language is in the message. */}
            <Trans
              id="support.crisis.banner"
              components={{
                0: <strong />,
                1: <MessageLink href="tel:988" className={CRISIS_LINK} />,
                2: <MessageLink href={`sms:741741?&body=${t("support.crisis.smsBody")}`} className={CRISIS_LINK} />,
              }}
            />
          </p>
        </div>
      </section>

      <section aria-labelledby="feel-heal-act-title" className="mx-auto max-w-5xl px-4 py-20 sm:px-6 lg:px-8">
        <h2 id="feel-heal-act-title" className="text-3xl font-semibold text-forest-900 sm:text-4xl">
          {t("support.feelHealAct.title")}
        </h2>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {feelHealAct(t).map((step) => (
            <li key={step.title}>
              <Card className="h-full">
                <CardContent>
                  <h3 className="text-2xl font-semibold text-forest-900">{step.title}</h3>
                  <p className="mt-3 leading-relaxed text-muted-foreground">{step.body}</p>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>

        <div className="mt-10 rounded-[var(--radius-card)] bg-forest-800 p-6 text-white sm:p-8">
          <div>
            <h2 className="text-2xl font-semibold text-white sm:text-3xl">{t("support.why.title")}</h2>
            <p className="mt-4 max-w-3xl text-lg leading-relaxed text-forest-100">{t("support.why.body")}</p>
          </div>
        </div>
      </section>

      <Island name="supportResources" component={SupportResources} props={{}} hydrate="use" />

      <section aria-labelledby="guided-practices-title" className="mx-auto max-w-5xl px-4 pb-20 sm:px-6 lg:px-8">
        <div className="rounded-[var(--radius-card)] border border-dashed border-border bg-sand-100/60 p-6 sm:p-8">
          <div className="grid gap-3">
            <div className="flex flex-wrap items-center gap-3">
              <h2 id="guided-practices-title" className="text-2xl font-semibold text-forest-900">
                {t("support.practices.title")}
              </h2>
              <Badge variant="warning">{t("support.practices.soon")}</Badge>
            </div>
            <p className="text-muted-foreground">{t("support.practices.body")}</p>
          </div>
        </div>
      </section>

      <section aria-labelledby="support-cta-title" className="bg-forest-50">
        <div className="mx-auto flex max-w-5xl flex-col items-start gap-6 px-4 py-20 sm:px-6 lg:px-8">
          <h2 id="support-cta-title" className="text-3xl font-semibold text-forest-900 sm:text-4xl">
            {t("support.cta.title")}
          </h2>
          <p className="max-w-2xl text-lg leading-relaxed text-muted-foreground">{t("support.cta.body")}</p>
          <Button asChild size="lg">
            <Link to={routePath("actions")}>{t("support.cta.button")}</Link>
          </Button>
        </div>
      </section>
    </>
  );
}
