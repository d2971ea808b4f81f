import { SPA_ROUTES, type SpaRouteName } from "../spa/route-table";

/**
 * Title, description and canonical path of every indexable public page, in one place: the Worker
 * writes them into the HTML it serves (crawlers and link previews that run no JavaScript see them)
 * and the web pages set the same values with `usePageMeta`. Pure: the web bundle imports it.
 */
export type PageMeta = { title: string; description: string; canonical: string };

const SUFFIX = " · Earthkind";

export const PAGE_META = {
  home: {
    title: "Earthkind — one simple action a week to protect the wild",
    description:
      "Take one simple action, each week, to protect our planet. Weekly nature-protection actions, local conservation events, petitions and eco-anxiety support.",
    canonical: SPA_ROUTES.home,
  },
  howItWorks: {
    title: `How It Works${SUFFIX}`,
    description:
      "Sign up, get one simple nature-protection action in your inbox every Monday morning, and take action. Here is how Earthkind works.",
    canonical: SPA_ROUTES.howItWorks,
  },
  events: {
    title: `Local Conservation Events${SUFFIX}`,
    description:
      "Find conservation events near you by ZIP code: habitat restoration, cleanups, wildlife walks and nature education across the US.",
    canonical: SPA_ROUTES.events,
  },
  actions: {
    title: `Weekly Actions${SUFFIX}`,
    description:
      "This week's nature-protection action with step-by-step instructions, plus an archive of past actions you can still take today.",
    canonical: SPA_ROUTES.actions,
  },
  about: {
    title: `About Us${SUFFIX}`,
    description:
      "Earthkind helps people across the United States protect nature with one simple action each week. Read our mission and join it.",
    canonical: SPA_ROUTES.about,
  },
  support: {
    title: `Eco-Anxiety Support${SUFFIX}`,
    description:
      "Caring for your inner world while protecting the outer one: crisis lines, climate-aware therapists, support groups, apps and books for eco-anxiety.",
    canonical: SPA_ROUTES.support,
  },
  // The same page as /support; its canonical URL is /support so search engines index one of them.
  getSupport: {
    title: `Eco-Anxiety Support${SUFFIX}`,
    description:
      "Caring for your inner world while protecting the outer one: crisis lines, climate-aware therapists, support groups, apps and books for eco-anxiety.",
    canonical: SPA_ROUTES.support,
  },
  submitEvent: {
    title: `Submit an Environmental Event${SUFFIX}`,
    description:
      "Share a conservation event with the Earthkind community. Every submission is reviewed by our team before it is published.",
    canonical: SPA_ROUTES.submitEvent,
  },
} as const satisfies Partial<Record<SpaRouteName, PageMeta>>;

export type PublicPageName = keyof typeof PAGE_META;

/**
 * Titles of the server-rendered pages that are not indexed (no description or canonical of their own): the
 * page sets `titled(…)` of these once it runs, and the Worker writes the same into the HTML it serves.
 */
export const PAGE_TITLES = {
  auth: "Sign In",
  notFound: "Page not found",
  actionNotFound: "Action not found",
} as const;

/** A page's document title: its own title and the site's name. */
export const titled = (title: string) => `${title}${SUFFIX}`;

/** The social preview image every page shares (an action page may use its own image). */
export const SOCIAL_IMAGE_PATH = "/images/social-preview.png";
