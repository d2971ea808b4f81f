import { cn } from "../../lib/cn";
import { useT } from "../../lib/i18n";

/** The three steps (spec §2 Home), shown on home and on /how-it-works, in the page's language. */
const howItWorksSteps = (t: ReturnType<typeof useT>["t"]) => [
  { title: t("howItWorks.steps.signUp.title"), body: t("howItWorks.steps.signUp.body") },
  { title: t("howItWorks.steps.getActions.title"), body: t("howItWorks.steps.getActions.body") },
  { title: t("howItWorks.steps.takeAction.title"), body: t("howItWorks.steps.takeAction.body") },
];

/** The three numbered steps; `headingLevel` follows the page's outline. */
export function HowItWorksSteps({ headingLevel = 3, className }: { headingLevel?: 2 | 3; className?: string }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const { t } = useT();
  return (
    <ol className={cn("grid gap-6 md:grid-cols-3", className)}>
      {howItWorksSteps(t).map((step, index) => (
        <li key={step.title} className="rounded-[var(--radius-card)] border border-border bg-card p-8 shadow-sm">
          <span
            aria-hidden="true"
            className="inline-flex size-11 items-center justify-center rounded-full bg-forest-100 font-display text-lg font-semibold text-forest-800"
          >
            {index + 1}
          </span>
          <Heading className="mt-5 text-xl font-semibold text-forest-900">{step.title}</Heading>
          <p className="mt-2 leading-relaxed text-muted-foreground">{step.body}</p>
        </li>
      ))}
    </ol>
  );
}
