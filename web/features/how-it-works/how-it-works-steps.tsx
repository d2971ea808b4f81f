import { cn } from "../../lib/cn";

/** The three steps (spec §2 Home), shown on home and on /how-it-works. */
export const HOW_IT_WORKS_STEPS = [
  {
    title: "Sign Up",
    body: "Share your first name and email, and your ZIP code if you'd like to hear about events near you.",
  },
  {
    title: "Get Weekly Actions",
    body: "One simple action lands in your inbox every Monday morning, with everything you need to do it.",
  },
  {
    title: "Take Action",
    body: "Do it in your own time, mark it complete and watch your impact for nature grow week by week.",
  },
] as const;

/** The three numbered steps; `headingLevel` follows the page's outline. */
export function HowItWorksSteps({ headingLevel = 3, className }: { headingLevel?: 2 | 3; className?: string }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <ol className={cn("grid gap-6 md:grid-cols-3", className)}>
      {HOW_IT_WORKS_STEPS.map((step, index) => (
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
