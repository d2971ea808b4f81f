import type { PageDataContext } from "./page";

/** The data of the pages that show the site's impact counter (about, how it works): one query, prefetched. */
export async function siteImpactData({ queryClient }: PageDataContext): Promise<void> {
  const { siteImpactQuery } = await import("../features/completions/api");
  await queryClient.prefetchQuery(siteImpactQuery());
}
