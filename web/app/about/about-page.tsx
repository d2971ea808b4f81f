import { Link } from "react-router-dom";
import { PageHeader } from "../../components/page-header";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardTitle } from "../../components/ui/card";
import { usePageMeta } from "../../lib/use-page-meta";
import { PAGES, routePath } from "../../pages";
import { ContactFormSlot, SiteImpactSlot } from "./about-slots";
import { PrivacySection, TermsSection } from "./legal-sections";

const VALUES = [
  {
    title: "Small actions add up",
    body: "One native plant, one letter, one cleanup. Repeated every week by many people, small acts become real protection.",
  },
  {
    title: "Nature starts near you",
    body: "Backyards, parks, creeks and coastlines matter. Most of our actions begin right where you live.",
  },
  {
    title: "Hope is a practice",
    body: "We share what works and make room for hard feelings too, because caring for the planet should not cost you your peace.",
  },
  {
    title: "Everyone is welcome",
    body: "No expertise, budget or perfect record required. If you care about the wild, you belong here.",
  },
] as const;

export function AboutPage() {
  usePageMeta(PAGES.about.meta);
  return (
    <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-24 lg:px-8">
      <PageHeader
        eyebrow="About us"
        title="About Earthkind"
        lead="Earthkind helps people across the United States protect nature with one simple action each week."
      />

      <section aria-labelledby="mission-title" className="mt-16 grid gap-10 md:grid-cols-2">
        <div>
          <h2 id="mission-title" className="text-3xl font-semibold text-forest-900 sm:text-4xl">
            Our mission
          </h2>
        </div>
        <div className="grid gap-4 text-lg leading-relaxed text-muted-foreground">
          <p>
            Wild places and the creatures that depend on them are under pressure, and the news can make it feel like
            nothing we do matters. We started Earthkind to prove otherwise.
          </p>
          <p>
            Every Monday we send one clear, doable action, from planting for pollinators to speaking up for public
            lands. Alongside it we share local conservation events, petitions from trusted groups and support for the
            feelings that come with caring about the planet.
          </p>
          <SiteImpactSlot />
          <p>
            <Link to={routePath("howItWorks")} className="font-semibold text-forest-700 underline underline-offset-4">
              See how it works
            </Link>
          </p>
        </div>
      </section>

      <section aria-labelledby="values-title" className="mt-20">
        <h2 id="values-title" className="text-3xl font-semibold text-forest-900 sm:text-4xl">
          What we believe
        </h2>
        <ul className="mt-10 grid gap-6 md:grid-cols-2">
          {VALUES.map((value) => (
            <li key={value.title}>
              <Card className="h-full">
                <CardContent>
                  <CardTitle>{value.title}</CardTitle>
                  <p className="mt-3 leading-relaxed text-muted-foreground">{value.body}</p>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      <section
        id="contact"
        aria-labelledby="contact-title"
        className="mt-20 grid gap-10 rounded-[var(--radius-card)] bg-forest-50 p-8 sm:p-12 md:grid-cols-2"
      >
        <div>
          <h2 id="contact-title" className="text-3xl font-semibold text-forest-900 sm:text-4xl">
            Join the Mission
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-muted-foreground">
            Want to volunteer, partner with us, suggest an action or just say hello? Send us a note and we'll be in
            touch.
          </p>
          <Button asChild variant="outline" className="mt-6">
            <Link to={routePath("actions")}>Get Weekly Actions</Link>
          </Button>
        </div>
        <div>
          <ContactFormSlot />
        </div>
      </section>

      <div className="mt-20 grid gap-16">
        <PrivacySection />
        <TermsSection />
      </div>
    </div>
  );
}
