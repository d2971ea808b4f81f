import { Link } from "react-router-dom";
import { Button } from "../../components/ui/button";
import { useT } from "../../lib/i18n";
import { routePath } from "../../pages";
import { HOME_SECTION_IDS } from "./home-sections";

export function HeroSection() {
  const { t } = useT();
  return (
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
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-gradient-to-b from-forest-950/40 via-forest-950/15 to-forest-950/70"
      />
      {/* Effects that cost little to paint on a phone (decision 240): a text shadow rather than a filter on the
          heading, and no backdrop blur behind the badge, which would blur the picture again on every repaint. */}
      <div className="mx-auto w-full max-w-7xl px-4 pt-[var(--header-height)] pb-24 sm:px-6 lg:px-8">
        <div className="max-w-3xl">
          <p className="inline-flex items-center gap-2 rounded-full bg-white/12 px-4 py-1.5 text-sm font-medium text-sand-100">
            <span aria-hidden="true" className="size-2 rounded-full bg-sun-400" />
            {t("home.hero.badge")}
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-5xl leading-[1.05] font-semibold text-white [text-shadow:0_1px_2px_rgb(0_0_0/0.15)] sm:text-6xl lg:text-7xl"
          >
            {t("home.hero.title")}
          </h1>
          <p className="mt-6 max-w-xl text-xl leading-relaxed text-sand-100 sm:text-2xl">{t("home.hero.lead")}</p>
          <div className="mt-10 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <Button asChild size="lg" variant="accent">
              <Link to={routePath("actions")}>{t("home.hero.thisWeek")}</Link>
            </Button>
            <Button asChild size="lg" variant="inverse">
              <a href={`#${HOME_SECTION_IDS.signup}`}>{t("home.hero.signUp")}</a>
            </Button>
            <Button asChild size="lg" variant="outline-inverse">
              <Link to={routePath("events")}>{t("home.hero.events")}</Link>
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
