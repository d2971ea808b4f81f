import { type ReactNode, Suspense } from "react";
import { Link } from "react-router-dom";
import { Button } from "../../components/ui/button";
import { CheckList } from "../../components/ui/check-list";
import { Spinner } from "../../components/ui/spinner";
import { HowItWorksSteps } from "../../features/how-it-works/how-it-works-steps";
import { cn } from "../../lib/cn";
import { useT } from "../../lib/i18n";
import { lazyBlock } from "../../lib/lazy-block";
import { usePageMeta } from "../../lib/use-page-meta";
import { PAGES, routePath } from "../../pages";
import { HeroSection } from "./hero-section";
import { HOME_SECTION_IDS, subscriptionBenefits } from "./home-sections";
import { EventsTeaserSlot, SignupSlot, WeeklyActionSlot } from "./home-slots";

// Below the fold: its code (cards, data fetching) loads after the first paint, off the entry chunk's budget.
const QuickWinsPetitions = lazyBlock(() =>
  import("../../features/petitions/quick-wins-petitions").then((m) => m.QuickWinsPetitions),
);

// Below the fold as well, in the signup form's chunk: the list of what each weekly email brings.
const WeeklyEmailContents = lazyBlock(() => import("./weekly-email-contents").then((m) => m.WeeklyEmailContents));

const SECTION_BOX = "mx-auto max-w-7xl px-4 py-20 sm:px-6 sm:py-24 lg:px-8";

/** A home section: anchor id, labelled by its h2, with the page's standard width and rhythm. */
function HomeSection({
  id,
  title,
  eyebrow,
  intro,
  tone = "plain",
  children,
}: {
  id: string;
  title: string;
  eyebrow?: string;
  intro?: ReactNode;
  tone?: "plain" | "tinted";
  children?: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={cn("below-fold", tone === "tinted" && "bg-forest-50")}>
      <div className={SECTION_BOX}>
        <div className="max-w-2xl">
          {eyebrow && <p className="text-sm font-semibold tracking-wider text-forest-600 uppercase">{eyebrow}</p>}
          <h2 id={`${id}-title`} className="mt-3 text-3xl font-semibold text-forest-900 sm:text-4xl">
            {title}
          </h2>
          {intro && <p className="mt-4 text-lg leading-relaxed text-muted-foreground">{intro}</p>}
        </div>
        {children}
      </div>
    </section>
  );
}

/** Home, in the spec's order (§2 "Home"). Every section after the hero is below the fold on a phone. */
export function HomePage() {
  usePageMeta(PAGES.home.meta);
  const { t } = useT();
  return (
    <>
      <HeroSection />

      <HomeSection
        id={HOME_SECTION_IDS.howItWorks}
        eyebrow={t("home.howItWorks.eyebrow")}
        title={t("home.howItWorks.title")}
      >
        <HowItWorksSteps className="mt-12" />
        <p className="mt-8">
          <Link
            to={routePath("howItWorks")}
            className="font-semibold text-forest-700 underline underline-offset-4 hover:text-forest-900"
          >
            {t("home.howItWorks.more")}
          </Link>
        </p>
      </HomeSection>

      {/* The card has its own heading and the #weekly-action anchor. */}
      <div className="below-fold bg-forest-50">
        <div className={SECTION_BOX}>
          <WeeklyActionSlot />
        </div>
      </div>

      {/* The petitions block has its own heading ('Quick Wins to Protect Nature') and hides itself on error. */}
      <Suspense
        fallback={
          <div className={SECTION_BOX}>
            <Spinner label={t("home.petitions.loading")} />
          </div>
        }
      >
        <QuickWinsPetitions
          id={HOME_SECTION_IDS.petitions}
          campaign="petitions_home"
          className={cn("below-fold", SECTION_BOX)}
        />
      </Suspense>

      {/* The teaser is its own section with heading and 'See all events' link. */}
      <div id={HOME_SECTION_IDS.events} className="below-fold bg-forest-50">
        <EventsTeaserSlot />
      </div>

      <HomeSection
        id={HOME_SECTION_IDS.about}
        eyebrow={t("home.about.eyebrow")}
        title={t("home.about.title")}
        intro={t("home.about.intro")}
      >
        <Button asChild variant="outline" className="mt-8">
          <Link to={routePath("about")}>{t("home.about.more")}</Link>
        </Button>
      </HomeSection>

      <section
        id={HOME_SECTION_IDS.support}
        aria-labelledby="support-title"
        className="below-fold px-4 pb-20 sm:px-6 lg:px-8"
      >
        <div className="mx-auto flex max-w-7xl flex-col gap-6 rounded-[var(--radius-card)] bg-moss-100 p-8 sm:p-12 md:flex-row md:items-center md:justify-between">
          <div className="max-w-2xl">
            <h2 id="support-title" className="text-2xl font-semibold text-forest-900 sm:text-3xl">
              {t("home.support.title")}
            </h2>
            <p className="mt-3 text-lg leading-relaxed text-moss-900">{t("home.support.body")}</p>
          </div>
          <Button asChild size="lg" className="self-start md:self-auto">
            <Link to={routePath("getSupport")}>{t("home.support.cta")}</Link>
          </Button>
        </div>
      </section>

      <HomeSection
        id={HOME_SECTION_IDS.signup}
        title={t("home.signup.title")}
        intro={t("home.signup.intro")}
        tone="tinted"
      >
        {/* The form first: the hero's button lands here, and on a phone the fields must be on that screen. */}
        <div className="mt-10 grid gap-10 md:grid-cols-[1.2fr_1fr]">
          <div>
            <SignupSlot />
          </div>
          <div>
            <CheckList items={subscriptionBenefits(t)} />
            <Suspense fallback={null}>
              <WeeklyEmailContents />
            </Suspense>
          </div>
        </div>
      </HomeSection>
    </>
  );
}
