import { Link, useLocation } from "react-router-dom";
import { Button } from "../components/ui/button";
import { useT } from "../lib/i18n";
import { routePath } from "../pages";
import { Wordmark } from "./logo";
import { SocialIcon } from "./social-icon";
import { SOCIAL_LINKS } from "./social-links";

const FOOTER_LINKS = [
  { label: (t: Translate) => t("chrome.footer.about"), to: routePath("about") },
  { label: (t: Translate) => t("chrome.footer.weeklyActions"), to: routePath("actions") },
  { label: (t: Translate) => t("chrome.footer.support"), to: routePath("support") },
  { label: (t: Translate) => t("chrome.footer.contact"), to: `${routePath("about")}#contact` },
] as const;

type Translate = ReturnType<typeof useT>["t"];

/** The public API reference (worker/features/api-reference): for partners reading our events. */
const API_REFERENCE_PATH = "/developers/api";

const linkClass = "rounded text-forest-100 underline-offset-4 transition-colors hover:text-white hover:underline";

export function SiteFooter() {
  const { pathname } = useLocation();
  const isHome = pathname === routePath("home");
  const { t } = useT();

  return (
    <footer className="on-dark below-fold mt-auto bg-forest-900 text-forest-100">
      <div className="mx-auto max-w-7xl px-4 pt-16 pb-10 sm:px-6 lg:px-8">
        <div className="grid gap-12 md:grid-cols-[1.4fr_1fr_1fr]">
          <div className="max-w-sm">
            <Link to={routePath("home")} className="inline-block rounded-lg text-white">
              <Wordmark tone="light" />
            </Link>
            <p className="mt-4 leading-relaxed text-forest-200">{t("chrome.footer.tagline")}</p>
            {/* The home page has its own signup; everywhere else the footer offers the way in. */}
            {!isHome && (
              <Button asChild variant="accent" size="sm" className="mt-6">
                <Link to={routePath("actions")}>{t("chrome.footer.getWeeklyActions")}</Link>
              </Button>
            )}
          </div>

          <nav aria-label={t("chrome.footer.label")}>
            <h2 className="font-sans text-sm font-semibold tracking-wider text-sand-200 uppercase">
              {t("chrome.footer.explore")}
            </h2>
            <ul className="mt-4 grid gap-3">
              {FOOTER_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className={linkClass}>
                    {link.label(t)}
                  </Link>
                </li>
              ))}
              {/* Served by the Worker, not the app's router, and in English only (decision 278). */}
              <li>
                <a href={API_REFERENCE_PATH} hrefLang="en" className={linkClass}>
                  {t("chrome.footer.developers")}
                </a>
              </li>
            </ul>
          </nav>

          <div>
            <h2 className="font-sans text-sm font-semibold tracking-wider text-sand-200 uppercase">
              {t("chrome.footer.followAlong")}
            </h2>
            <ul className="mt-4 flex gap-3">
              {SOCIAL_LINKS.map((social) => (
                <li key={social.name}>
                  <a
                    href={social.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={t("chrome.footer.social", { network: social.name })}
                    className="inline-flex size-11 items-center justify-center rounded-full bg-white/10 text-white transition-colors hover:bg-white/20"
                  >
                    <SocialIcon name={social.name} className="size-5" />
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </div>

        {/* WCAG 2.2 3.2.6 (consistent help): the same link, in the same place, on every page and in every email. */}
        <p className="mt-12">
          <Link to={routePath("getSupport")} className={`${linkClass} font-semibold text-white underline`}>
            {t("chrome.footer.supportLink")}
          </Link>
        </p>

        <div className="mt-8 flex flex-col gap-4 border-t border-white/15 pt-8 text-sm text-forest-200 sm:flex-row sm:items-center sm:justify-between">
          <p>{t("chrome.footer.copyright", { year: String(new Date().getFullYear()) })}</p>
          <ul className="flex gap-6">
            <li>
              <Link to={`${routePath("about")}#privacy`} className={linkClass}>
                {t("chrome.footer.privacy")}
              </Link>
            </li>
            <li>
              <Link to={`${routePath("about")}#terms`} className={linkClass}>
                {t("chrome.footer.terms")}
              </Link>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
