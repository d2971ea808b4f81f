import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { PageHeader } from "../../components/page-header";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardTitle } from "../../components/ui/card";
import { CheckList } from "../../components/ui/check-list";
import { useT } from "../../lib/i18n";
import { usePageMeta } from "../../lib/use-page-meta";
import { PAGES, routePath } from "../../pages";
import { HowItWorksSteps } from "./how-it-works-steps";

// Anchors of home sections (web/features/home/home-sections.ts); features do not import each other.
const HOME_PETITIONS = `${routePath("home")}#petitions`;
const HOME_SIGNUP = `${routePath("home")}#signup`;

type Translate = ReturnType<typeof useT>["t"];

const inEachAction = (t: Translate) => [
  t("howItWorks.eachAction.why"),
  t("howItWorks.eachAction.steps"),
  t("howItWorks.eachAction.time"),
  t("howItWorks.eachAction.links"),
];

const beyondTheInbox = (t: Translate) => [
  {
    title: t("howItWorks.beyond.progress.title"),
    body: t("howItWorks.beyond.progress.body"),
    to: routePath("myProgress"),
    link: t("howItWorks.beyond.progress.link"),
  },
  {
    title: t("howItWorks.beyond.events.title"),
    body: t("howItWorks.beyond.events.body"),
    to: routePath("events"),
    link: t("howItWorks.beyond.events.link"),
  },
  {
    title: t("howItWorks.beyond.petitions.title"),
    body: t("howItWorks.beyond.petitions.body"),
    to: HOME_PETITIONS,
    link: t("howItWorks.beyond.petitions.link"),
  },
  {
    title: t("howItWorks.beyond.support.title"),
    body: t("howItWorks.beyond.support.body"),
    to: routePath("support"),
    link: t("howItWorks.beyond.support.link"),
  },
];

/** /how-it-works. `impact` (the completions feature's site-wide figure) is composed in by web/app. */
export function HowItWorksPage({ impact }: { impact?: ReactNode }) {
  usePageMeta(PAGES.howItWorks.meta);
  const { t } = useT();
  return (
    <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-24 lg:px-8">
      <PageHeader
        eyebrow={t("howItWorks.header.eyebrow")}
        title={t("howItWorks.header.title")}
        lead={t("howItWorks.header.lead")}
      />

      <section aria-labelledby="steps-title" className="mt-16">
        <h2 id="steps-title" className="sr-only">
          {t("howItWorks.steps.heading")}
        </h2>
        <HowItWorksSteps />
        {impact ? <div className="mt-10 text-center">{impact}</div> : null}
      </section>

      <section aria-labelledby="each-action-title" className="mt-20 grid gap-10 md:grid-cols-2 md:items-center">
        <div>
          <h2 id="each-action-title" className="text-3xl font-semibold text-forest-900 sm:text-4xl">
            {t("howItWorks.eachAction.title")}
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-muted-foreground">{t("howItWorks.eachAction.body")}</p>
        </div>
        <Card>
          <CardContent>
            <CheckList items={inEachAction(t)} />
          </CardContent>
        </Card>
      </section>

      <section aria-labelledby="beyond-title" className="mt-20">
        <h2 id="beyond-title" className="text-3xl font-semibold text-forest-900 sm:text-4xl">
          {t("howItWorks.beyond.title")}
        </h2>
        <ul className="mt-10 grid gap-6 md:grid-cols-2">
          {beyondTheInbox(t).map((item) => (
            <li key={item.title}>
              <Card className="h-full">
                <CardContent className="flex h-full flex-col gap-3">
                  <CardTitle>{item.title}</CardTitle>
                  <p className="leading-relaxed text-muted-foreground">{item.body}</p>
                  <Link
                    to={item.to}
                    className="mt-auto font-semibold text-forest-700 underline underline-offset-4 hover:text-forest-900"
                  >
                    {item.link}
                  </Link>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      <section
        aria-labelledby="start-title"
        className="mt-20 flex flex-col items-start gap-6 rounded-[var(--radius-card)] bg-forest-800 p-8 text-white sm:p-12"
      >
        <h2 id="start-title" className="text-3xl font-semibold text-white sm:text-4xl">
          {t("howItWorks.start.title")}
        </h2>
        <p className="max-w-2xl text-lg leading-relaxed text-forest-100">{t("howItWorks.start.body")}</p>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button asChild size="lg" variant="accent">
            <Link to={HOME_SIGNUP}>{t("howItWorks.start.signUp")}</Link>
          </Button>
          <Button asChild size="lg" variant="outline-inverse">
            <Link to={routePath("actions")}>{t("howItWorks.start.thisWeek")}</Link>
          </Button>
        </div>
      </section>
    </div>
  );
}
