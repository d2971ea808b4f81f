import type { QueryClient } from "@tanstack/react-query";
import type { ComponentType } from "react";
import type { Locale } from "#contract/i18n/locales";
import type { PageHead } from "#contract/pages/render-contract";

/** Returned by a page's data when its subject does not exist: the Worker answers 404 with the page's content. */
export const NOT_FOUND = Symbol("not found");

export type PageDataContext = {
  queryClient: QueryClient;
  /** The path's `:params`. */
  params: Record<string, string | undefined>;
  query: URLSearchParams;
  /** The page's language ("/es/…": Spanish): content queries take it as a parameter, so it is part of their key. */
  locale: Locale;
};

/**
 * One page of the site, declared in one module (web/pages/<name>.page.ts, decision 209): everything else — the
 * browser's route table, the Worker's routes, the server-rendered set, the served head and the sitemap — is
 * derived from these declarations.
 */
export type Page = PageHead & {
  /** In react-router syntax. */
  path: string;
  /**
   * The queries the page reads on first render, when the Worker renders it: the features' own queryOptions, their
   * /api calls answered in process (decision 206). The browser hydrates that cache. Imports inside, so that a
   * page's declaration stays a few bytes in every bundle that links to it.
   */
  data?: (context: PageDataContext) => Promise<typeof NOT_FOUND | unknown>;
  /** The page's component, fetched on first visit (its own chunk). */
  component: () => Promise<ComponentType>;
};

/** A page's declaration, checked: indexable pages (`meta`) are the server-rendered ones. */
export function definePage<const P extends Page>(page: P): P {
  return page;
}
