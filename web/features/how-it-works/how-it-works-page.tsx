import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { PageHeader } from "../../components/page-header";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardTitle } from "../../components/ui/card";
import { CheckList } from "../../components/ui/check-list";
import { usePageMeta } from "../../lib/use-page-meta";
import { PAGES, routePath } from "../../pages";
import { HowItWorksSteps } from "./how-it-works-steps";

// Anchors of home sections (web/features/home/home-sections.ts); features do not import each other.
const HOME_PETITIONS = `${routePath("home")}#petitions`;
const HOME_SIGNUP = `${routePath("home")}#signup`;

const IN_EACH_ACTION = [
  "Why it matters for wildlife and wild places",
  "Step-by-step instructions anyone can follow",
  "How long it takes and what you'll need",
  "Helpful links to go further",
] as const;

const BEYOND_THE_INBOX = [
  {
    title: "Track your progress",
    body: "Sign in to mark actions complete, add notes and see how many weeks you've shown up for nature.",
    to: routePath("myProgress"),
    link: "See My Progress",
  },
  {
    title: "Find events near you",
    body: "Search cleanups, restoration days and nature walks by ZIP code, and meet people who care like you do.",
    to: routePath("events"),
    link: "Find Events Near You",
  },
  {
    title: "Sign quick-win petitions",
    body: "Add your voice to petitions from conservation groups we have checked. It takes a minute.",
    to: HOME_PETITIONS,
    link: "See Quick Wins",
  },
  {
    title: "Care for yourself too",
    body: "Feeling the weight of it all? Our support page gathers crisis lines, climate-aware therapists and communities.",
    to: routePath("support"),
    link: "Find Support",
  },
] as const;

/** /how-it-works. `impact` (the completions feature's site-wide figure) is composed in by web/app. */
export function HowItWorksPage({ impact }: { impact?: ReactNode }) {
  usePageMeta(PAGES.howItWorks.meta);
  return (
    <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-24 lg:px-8">
      <PageHeader
        eyebrow="How it works"
        title="How It Works"
        lead="One simple action, every week, in your inbox on Monday morning. Here's how a few minutes a week turns into real protection for nature."
      />

      <section aria-labelledby="steps-title" className="mt-16">
        <h2 id="steps-title" className="sr-only">
          Three steps
        </h2>
        <HowItWorksSteps />
        {impact ? <div className="mt-10 text-center">{impact}</div> : null}
      </section>

      <section aria-labelledby="each-action-title" className="mt-20 grid gap-10 md:grid-cols-2 md:items-center">
        <div>
          <h2 id="each-action-title" className="text-3xl font-semibold text-forest-900 sm:text-4xl">
            What's in each weekly action
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-muted-foreground">
            Every action is chosen to be doable in an afternoon or less, with no special skills, and to make a real
            difference for pollinators, forests, water or wildlife near you.
          </p>
        </div>
        <Card>
          <CardContent>
            <CheckList items={IN_EACH_ACTION} />
          </CardContent>
        </Card>
      </section>

      <section aria-labelledby="beyond-title" className="mt-20">
        <h2 id="beyond-title" className="text-3xl font-semibold text-forest-900 sm:text-4xl">
          Beyond the inbox
        </h2>
        <ul className="mt-10 grid gap-6 md:grid-cols-2">
          {BEYOND_THE_INBOX.map((item) => (
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
          Start this Monday
        </h2>
        <p className="max-w-2xl text-lg leading-relaxed text-forest-100">
          It's free, and you can unsubscribe with one click from any email.
        </p>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button asChild size="lg" variant="accent">
            <Link to={HOME_SIGNUP}>Sign Up for Weekly Actions</Link>
          </Button>
          <Button asChild size="lg" variant="outline-inverse">
            <Link to={routePath("actions")}>See This Week's Action</Link>
          </Button>
        </div>
      </section>
    </div>
  );
}
