import type { PublicAction, PublicActionWithImpact } from "../actions/schemas";
import type { SiteImpact } from "../completions/schemas";
import type { DidItView } from "../did-it/responses";
import type { EventPage, EventsAnswer } from "../events/schemas";
import type { PetitionTopic, PublicPetition } from "../petitions/schemas";
import type { SpaRouteName } from "../spa/route-table";
import type { PublicTip } from "../tips/schemas";

/**
 * The seam between the Worker and the web app's server renderer (decision 140). The Worker owns the
 * data (feature services, no HTTP) and the HTML document; web/ssr owns the React tree. Both programs
 * type-check against this file, so neither can drift from the other.
 */

/**
 * Public pages the Worker renders; the others (admin, My Progress, previews) get the empty shell. The browser
 * hydrates a rendered page island by island (decision 205), never whole: links between them are page loads.
 */
export const SERVER_RENDERED_ROUTES = [
  "home",
  "howItWorks",
  "events",
  "event",
  "actions",
  "action",
  "about",
  "support",
  "getSupport",
  "submitEvent",
  "auth",
  "didIt",
] as const satisfies readonly SpaRouteName[];

export type ServerRenderedRoute = (typeof SERVER_RENDERED_ROUTES)[number];

/** What a public page may need, answered with exactly the JSON bodies of the matching API routes. */
export interface PageData {
  /** GET /api/actions/current (with the action's impact counts) */
  currentAction(): Promise<{ action: PublicActionWithImpact | null }>;
  /** GET /api/actions?limit= (the first page) */
  archive(limit: number): Promise<{ actions: PublicAction[]; next_cursor: string | null }>;
  /** GET /api/actions/:slug (with impact counts), with `{ action: null }` where the API answers 404. */
  actionBySlug(slug: string): Promise<{ action: PublicActionWithImpact | null }>;
  /** GET /api/petitions?campaign=&topic=&limit= */
  petitions(params: { campaign?: string; topic?: PetitionTopic; limit?: number }): Promise<{
    petitions: PublicPetition[];
  }>;
  /** GET /api/events?… with the query string's values. */
  events(params: Record<string, string | number | undefined>): Promise<EventsAnswer>;
  /** GET /api/events/:id/page, with `{ event: null }` where the API answers 404. */
  eventPage(id: string): Promise<{ event: EventPage | null }>;
  /** GET /api/tips/current */
  currentTip(): Promise<{ tip: PublicTip | null }>;
  /** GET /api/impact */
  siteImpact(): Promise<{ impact: SiteImpact }>;
  /** GET /api/did-it?token=, with `{ did_it: null }` where the API answers 404. */
  didIt(token: string): Promise<{ did_it: DidItView | null }>;
}

/**
 * SITE_URL's origin (share links), SITE_TIMEZONE (times until hydrated) and, while bot protection is on,
 * the Turnstile widget's site key (decision 184): the same on both sides.
 */
export type SiteState = {
  origin: string;
  timeZone: string;
  turnstileSiteKey: string | null;
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
  data: PageData;
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
