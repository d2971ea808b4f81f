import { Link } from "react-router-dom";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Island } from "../../islands/island";
import { usePageMeta } from "../../lib/use-page-meta";
import { PAGES, routePath } from "../../pages";
import { SUPPORT_RESOURCES_ID, SupportResources } from "./support-resources";

const FEEL_HEAL_ACT = [
  {
    title: "Feel",
    body: "Grief, fear, anger and love for the living world are natural responses to real losses. Naming what you feel, without judging it, is the first step to carrying it.",
  },
  {
    title: "Heal",
    body: "Rest, time outdoors, community and professional care help your nervous system settle, so you can stay with hard news without being swept away by it.",
  },
  {
    title: "Act",
    body: "Doing something concrete, however small, restores a sense of agency. One simple action a week, shared with others, is a powerful antidote to helplessness.",
  },
] as const;

/** /support and /get-support (both routes render this page; /support is canonical). */
export function SupportPage() {
  usePageMeta(PAGES.support.meta);
  return (
    <>
      <section aria-labelledby="support-title" className="bg-moss-50">
        <div className="mx-auto max-w-5xl px-4 py-20 sm:px-6 sm:py-28 lg:px-8">
          <p className="text-sm font-semibold tracking-wider text-forest-600 uppercase">Eco-anxiety support</p>
          <h1
            id="support-title"
            className="mt-4 text-4xl leading-tight font-semibold text-forest-900 sm:text-5xl lg:text-6xl"
          >
            Caring for your inner world while protecting the outer one.
          </h1>
          <p className="mt-6 max-w-2xl text-lg leading-relaxed text-muted-foreground sm:text-xl">
            If the state of the planet weighs on you, you are not alone, and you are not overreacting. Here are ways to
            care for yourself, find others and turn worry into meaningful action.
          </p>
          <div className="mt-10 flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link to={routePath("actions")}>Get Weekly Actions</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <a href={`#${SUPPORT_RESOURCES_ID}`}>Find Support Resources</a>
            </Button>
          </div>
          <p className="mt-10 max-w-2xl rounded-2xl border border-clay-100 bg-card p-4 text-foreground">
            <strong>In crisis or thinking about suicide?</strong> Call or text{" "}
            <a href="tel:988" className="font-semibold text-forest-700 underline underline-offset-4">
              988
            </a>{" "}
            or text HOME to{" "}
            <a href="sms:741741?&body=HOME" className="font-semibold text-forest-700 underline underline-offset-4">
              741741
            </a>
            , any time, day or night. In an emergency, call 911.
          </p>
        </div>
      </section>

      <section aria-labelledby="feel-heal-act-title" className="mx-auto max-w-5xl px-4 py-20 sm:px-6 lg:px-8">
        <h2 id="feel-heal-act-title" className="text-3xl font-semibold text-forest-900 sm:text-4xl">
          Feel. Heal. Act.
        </h2>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {FEEL_HEAL_ACT.map((step) => (
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
            <h2 className="text-2xl font-semibold text-white sm:text-3xl">Why This Matters</h2>
            <p className="mt-4 max-w-3xl text-lg leading-relaxed text-forest-100">
              Surveys find that most young people are worried about climate change, and many adults feel the same.
              Distress that goes unspoken can turn into numbness or burnout. Distress that is shared and cared for can
              become the steady energy that protecting nature needs for the long haul. Looking after yourself is part of
              the work.
            </p>
          </div>
        </div>
      </section>

      <Island name="supportResources" component={SupportResources} props={{}} hydrate="use" />

      <section aria-labelledby="guided-practices-title" className="mx-auto max-w-5xl px-4 pb-20 sm:px-6 lg:px-8">
        <div className="rounded-[var(--radius-card)] border border-dashed border-border bg-sand-100/60 p-6 sm:p-8">
          <div className="grid gap-3">
            <div className="flex flex-wrap items-center gap-3">
              <h2 id="guided-practices-title" className="text-2xl font-semibold text-forest-900">
                Guided Practices
              </h2>
              <Badge variant="warning">Coming soon</Badge>
            </div>
            <p className="text-muted-foreground">
              Short audio and written practices for grounding, grief and hope, made for people who care about the
              planet. We're preparing them now.
            </p>
          </div>
        </div>
      </section>

      <section aria-labelledby="support-cta-title" className="bg-forest-50">
        <div className="mx-auto flex max-w-5xl flex-col items-start gap-6 px-4 py-20 sm:px-6 lg:px-8">
          <h2 id="support-cta-title" className="text-3xl font-semibold text-forest-900 sm:text-4xl">
            Ready to turn care into action?
          </h2>
          <p className="max-w-2xl text-lg leading-relaxed text-muted-foreground">
            Each week's action is small enough to fit into a busy life, and together they add up to real protection for
            wild places.
          </p>
          <Button asChild size="lg">
            <Link to={routePath("actions")}>Take This Week's Action</Link>
          </Button>
        </div>
      </section>
    </>
  );
}
