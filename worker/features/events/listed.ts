import type { EventResult, ListedEvent } from "#contract/events/schemas";
import type { Db } from "../../platform/db";

export type ListingState = { cancelled: boolean; lastConfirmedAt: string | null };

/**
 * Whether each event is cancelled and when its source last confirmed it (decision 200), read by id in one
 * statement. The search selects the fields it filters and sorts on; these two it only shows.
 */
export async function listingStates(db: Db, ids: string[]): Promise<Map<string, ListingState>> {
  if (!ids.length) return new Map();
  const { results } = await db.$client
    .prepare("SELECT id, status, last_confirmed_at FROM events WHERE id IN (SELECT value FROM json_each(?1))")
    .bind(JSON.stringify(ids))
    .all<{ id: string; status: string; last_confirmed_at: string | null }>();
  return new Map(
    results.map((r) => [r.id, { cancelled: r.status === "cancelled", lastConfirmedAt: r.last_confirmed_at }]),
  );
}

/** Search results as the API lists them, each with its listing state. */
export async function withListingState<E extends EventResult>(
  db: Db,
  results: E[],
): Promise<(E & Pick<ListedEvent, "cancelled" | "last_confirmed_at">)[]> {
  const states = await listingStates(
    db,
    results.map((e) => e.id),
  );
  return results.map((e) => {
    const state = states.get(e.id);
    return { ...e, cancelled: state?.cancelled ?? false, last_confirmed_at: state?.lastConfirmedAt ?? null };
  });
}
