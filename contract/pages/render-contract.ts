import type { Locale } from "../i18n/locales";
import type { PageMeta } from "../seo/page-meta";

/**
 * The seam between the Worker and the web app's server renderer (decision 140). The Worker owns the HTML document
 * and answers the page's API reads in process (decision 206); web/ssr owns the React tree, the pages (web/pages,
 * decision 209) and which reads each page makes (the features' own queries). Both programs type-check against
 * this file.
 */

/** What the Worker needs of a page besides its path: how it is served and what its head says. */
export type PageHead = {
  /**
   * "server": a public page the Worker renders and the browser hydrates island by island (decision 205); links
   * between them are page loads. "browser": the empty shell the single-page app renders (admin, My Progress,
   * previews: no public page, decision 212).
   */
  render: "server" | "browser";
  /** An indexable page: its title, description and canonical path, written into the HTML and listed in the sitemap. */
  meta?: PageMeta;
  /** A page that is not indexed: its title, without the site's name. */
  title?: string;
  /** The title, without the site's name, when the page's subject does not exist (404). */
  notFoundTitle?: string;
  /** About one person's link: never cached, never indexed (the "I did it" page, decision 196). */
  personal?: boolean;
};

/** A page as the Worker sees it: web/pages' declarations without their code. */
export type PageRoute = PageHead & { name: string; path: string };

/**
 * SITE_URL's origin (share links), SITE_TIMEZONE (times until hydrated) and, while bot protection is on,
 * the Turnstile widget's site key (decision 184): the same on both sides.
 */
export type SiteState = {
  origin: string;
  timeZone: string;
  turnstileSiteKey: string | null;
  /** The page's language, from its path ("/es/…" is Spanish, decision 270). */
  locale: Locale;
  /**
   * Whether the request carried a session cookie, where the Worker rendered the page: false means the visitor
   * is signed out (such pages are the only ones the edge caches), so the page shows "Sign In" from the start.
   * Absent on the empty shell, where the session is learned in the browser.
   */
  signedIn?: boolean;
};

export type RenderRequest = {
  /** The request URL (path and query are used). */
  url: string;
  site: SiteState;
  /**
   * `fetch` for the page's /api reads: the Worker's own app, in process (decision 206). The web app's typed client
   * and the features' query functions use it as they use the network in the browser.
   */
  api: typeof fetch;
};

export type RenderedPage = {
  /** 404 for unknown paths and unknown action slugs (the page then shows the not-found content). */
  status: 200 | 404;
  /** The app's HTML for inside #root, complete (every Suspense boundary resolved), its islands filled in. */
  html: string;
  /** The client's start-up state: JSON of `ServerState`, already safe to put in a <script>. */
  state: string;
};

/** Read by web/main.tsx from the page's #ek-state script. */
export type ServerState = { site: SiteState; queries: unknown };

/** The id of the JSON <script> that carries `ServerState` in the page. */
export const SERVER_STATE_ID = "ek-state";

/** The id of the JSON <script> that carries `SiteState` in the pages the browser renders alone (the empty shell). */
export const SITE_STATE_ID = "ek-site";

export type RenderPage = (request: RenderRequest) => Promise<RenderedPage>;
