// Constants the admin web shares with the Worker (pure: the web bundle imports this file).

/** Pages a single run reads (spec §9), and the Audubon batch shape. */
export const PAGES_PER_RUN = 5;
export const AUDUBON_BATCH = { totalBatches: 10, batchSize: 5 } as const;
export const AUDUBON_KEY = "audubon";
