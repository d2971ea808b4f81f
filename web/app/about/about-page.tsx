import { Link } from "react-router-dom";
import { PageHeader } from "../../components/page-header";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardTitle } from "../../components/ui/card";
import { useT } from "../../lib/i18n";
import { usePageMeta } from "../../lib/use-page-meta";
import { PAGES, routePath } from "../../pages";
import { ContactFormSlot, SiteImpactSlot } from "./about-slots";
import { PrivacySection, TermsSection } from "./legal-sections";

const values = (t: ReturnType<typeof useT>["t"]) => [
  { title: t("about.values.smallActions.title"), body: t("about.values.smallActions.body") },
  { title: t("about.values.nearYou.title"), body: t("about.values.nearYou.body") },
  { title: t("about.values.hope.title"), body: t("about.values.hope.body") },
  { title: t("about.values.welcome.title"), body: t("about.values.welcome.body") },
];

export function AboutPage() {
  usePageMeta(PAGES.about.meta);
  const { t } = useT();
  return (
    <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-24 lg:px-8">
      <PageHeader eyebrow={t("about.header.eyebrow")} title={t("about.header.title")} lead={t("about.header.lead")} />

      <section aria-labelledby="mission-title" className="mt-16 grid gap-10 md:grid-cols-2">
        <div>
          <h2 id="mission-title" className="text-3xl font-semibold text-forest-900 sm:text-4xl">
            {t("about.mission.title")}
          </h2>
        </div>
        <div className="grid gap-4 text-lg leading-relaxed text-muted-foreground">
          <p>{t("about.mission.p1")}</p>
          <p>{t("about.mission.p2")}</p>
          <SiteImpactSlot />
          <p>
            <Link to={routePath("howItWorks")} className="font-semibold text-forest-700 underline underline-offset-4">
              {t("about.mission.howItWorks")}
            </Link>
          </p>
        </div>
      </section>

      <section aria-labelledby="values-title" className="mt-20">
        <h2 id="values-title" className="text-3xl font-semibold text-forest-900 sm:text-4xl">
          {t("about.values.title")}
        </h2>
        <ul className="mt-10 grid gap-6 md:grid-cols-2">
          {values(t).map((value) => (
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
            {t("about.contact.title")}
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-muted-foreground">{t("about.contact.body")}</p>
          <Button asChild variant="outline" className="mt-6">
            <Link to={routePath("actions")}>{t("about.contact.weeklyActions")}</Link>
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
