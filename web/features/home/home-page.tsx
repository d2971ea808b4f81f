import { Link } from "react-router-dom";
import { routePath } from "../../../worker/features/spa/route-table";
import { Button } from "../../components/ui/button";
import { usePageTitle } from "../../lib/use-page-title";
import { SIGNUP_SECTION_ID, SignupSection } from "../subscribers/signup-section";

/** The on-page email signup; the hero button and the action card's third button jump here. */
export { SIGNUP_SECTION_ID };

const STEPS = [
  { title: "Sign Up", body: "Share your first name and email (and ZIP code, if you like local events)." },
  { title: "Get Weekly Actions", body: "One simple action lands in your inbox every Monday morning." },
  { title: "Take Action", body: "Do it in your own time, track your progress and see your impact grow." },
] as const;

export function HomePage() {
  usePageTitle();
  return (
    <>
      <section
        aria-labelledby="hero-title"
        // Pulled up under the sticky header, which is transparent here until the page scrolls.
        className="on-dark relative isolate mt-[calc(var(--header-height)*-1)] flex min-h-[max(40rem,100svh)] items-center overflow-hidden bg-forest-900 text-white"
      >
        <img
          src="/images/hero-landscape.svg"
          alt=""
          width={1600}
          height={900}
          fetchPriority="high"
          className="absolute inset-0 -z-10 size-full object-cover object-[center_70%]"
        />
        {/* Scrims keep the white text at 4.5:1 or more over the lighter mist band of the picture. */}
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-gradient-to-b from-forest-950/40 via-forest-950/10 to-forest-950/70"
        />
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-gradient-to-r from-forest-950/75 via-forest-950/50 to-forest-950/25 lg:via-forest-950/35 lg:to-transparent"
        />
        <div className="mx-auto w-full max-w-7xl px-4 pt-[var(--header-height)] pb-24 sm:px-6 lg:px-8">
          <div className="max-w-3xl">
            <p className="inline-flex items-center gap-2 rounded-full bg-white/12 px-4 py-1.5 text-sm font-medium text-sand-100 backdrop-blur-sm">
              <span aria-hidden="true" className="size-2 rounded-full bg-sun-400" />
              New action every Monday
            </p>
            <h1
              id="hero-title"
              className="mt-6 text-5xl leading-[1.05] font-semibold text-white drop-shadow-sm sm:text-6xl lg:text-7xl"
            >
              Protect the Wild. Start Today.
            </h1>
            <p className="mt-6 max-w-xl text-xl leading-relaxed text-sand-100 sm:text-2xl">
              Take one simple action, each week, to protect our planet.
            </p>
            <div className="mt-10 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
              <Button asChild size="lg" variant="accent">
                <Link to={routePath("actions")}>This Week's Action</Link>
              </Button>
              <Button asChild size="lg" variant="inverse">
                <a href={`#${SIGNUP_SECTION_ID}`}>Sign Up for Weekly Actions</a>
              </Button>
              <Button asChild size="lg" variant="outline-inverse">
                <Link to={routePath("events")}>Find Events Near You</Link>
              </Button>
            </div>
          </div>
        </div>
      </section>

      <section aria-labelledby="how-title" className="mx-auto max-w-7xl px-4 py-24 sm:px-6 lg:px-8">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold tracking-wider text-forest-600 uppercase">How it works</p>
          <h2 id="how-title" className="mt-3 text-3xl font-semibold text-forest-900 sm:text-4xl">
            Small steps, every week, add up
          </h2>
        </div>
        <ol className="mt-12 grid gap-6 md:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step.title} className="rounded-card border border-border bg-card p-8 shadow-sm">
              <span
                aria-hidden="true"
                className="inline-flex size-11 items-center justify-center rounded-full bg-forest-100 font-display text-lg font-semibold text-forest-800"
              >
                {index + 1}
              </span>
              <h3 className="mt-5 text-xl font-semibold text-forest-900">{step.title}</h3>
              <p className="mt-2 leading-relaxed text-muted-foreground">{step.body}</p>
            </li>
          ))}
        </ol>
      </section>

      <SignupSection />
    </>
  );
}
