import { sha256Hex } from "../../platform/crypto";
import type { Db } from "../../platform/db";
import { sniffImageType } from "../media/image-sniff";
import { fetchSourceBytes } from "./http";
import type { SourceFetch } from "./types";

/**
 * Event pictures from our origin (decision 201). A feed's or organiser's picture is fetched once by the
 * server, checked, and stored in R2 under a key derived from its address; cards show /media/events/<key>,
 * so a visitor's browser never asks a third-party host for it (and tells it nothing).
 */

/** The types a picture may be, both as the host declares it and as its bytes show. */
export const PICTURE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"] as const;
/** Largest picture stored (the same as an admin upload's limit). */
export const PICTURE_MAX_BYTES = 5 * 1024 * 1024;
/** Distinct picture addresses fetched per ingestion run; the rest wait for the next run. */
export const PICTURES_PER_RUN = 10;
const PICTURE_TIMEOUT_MS = 10_000;

/** R2 keys of stored pictures, and the paths they are served at. */
export const PICTURE_KEY_RE = /^events\/[0-9a-f]{64}\.(png|jpg|webp|gif)$/;
const servedAt = (key: string) => `/media/${key}`;

export type PictureOutcome = { url: string; stored: string | null; refusal: string | null };

/** Fetches, checks and stores one picture; the reason it was refused otherwise. Never throws for the host's failures. */
export async function storePicture(media: R2Bucket, fetchFn: SourceFetch, url: string): Promise<PictureOutcome> {
  const refuse = (refusal: string): PictureOutcome => ({ url, stored: null, refusal });
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return refuse("not a URL");
  }
  if (parsed.protocol !== "https:") return refuse("not https");
  const hash = await sha256Hex(parsed.href);
  let answer: Awaited<ReturnType<typeof fetchSourceBytes>>;
  try {
    answer = await fetchSourceBytes(fetchFn, parsed.href, {
      timeoutMs: PICTURE_TIMEOUT_MS,
      maxBytes: PICTURE_MAX_BYTES,
      accept: PICTURE_TYPES.join(", "),
    });
  } catch (err) {
    return refuse(err instanceof Error ? err.message : String(err));
  }
  const declared = (answer.contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (!(PICTURE_TYPES as readonly string[]).includes(declared)) return refuse(`declared type ${declared || "none"}`);
  // The declared type is the host's claim; the bytes decide what is stored and served.
  const type = sniffImageType(answer.bytes);
  if (!type || !(PICTURE_TYPES as readonly string[]).includes(type.mime))
    return refuse("not a picture of an allowed type");
  const key = `events/${hash}.${type.ext}`;
  await media.put(key, answer.bytes, {
    httpMetadata: { contentType: type.mime, cacheControl: "public, max-age=31536000, immutable" },
  });
  return { url, stored: servedAt(key), refusal: null };
}

/**
 * Stores the pictures of events whose picture address is new (never fetched, or changed since): at most `limit`
 * distinct addresses, each fetched once for every event that shows it (a series' occurrences share one). The
 * https-only rule and the bounds of `fetchSourceBytes` (public targets, redirects never to http, size and time
 * caps) apply to every fetch. A refused picture is remembered as checked, so it is not fetched again.
 */
export async function storeDuePictures(
  db: Db,
  media: R2Bucket,
  fetchFn: SourceFetch,
  limit = PICTURES_PER_RUN,
): Promise<PictureOutcome[]> {
  // The partial index events_pictures_due_idx holds exactly these rows (migration 0020).
  const { results } = await db.$client
    .prepare(
      `SELECT DISTINCT image_source_url AS url FROM events
       WHERE image_source_url IS NOT NULL AND (image_checked_url IS NULL OR image_checked_url <> image_source_url)
       LIMIT ?1`,
    )
    .bind(limit)
    .all<{ url: string }>();
  const outcomes: PictureOutcome[] = [];
  for (const { url } of results) {
    const outcome = await storePicture(media, fetchFn, url);
    if (outcome.refusal) console.warn(`event picture refused (${outcome.refusal}): ${url.slice(0, 200)}`);
    await db.$client
      .prepare(
        `UPDATE events SET image_url = ?2, image_checked_url = ?1
         WHERE image_source_url = ?1 AND (image_checked_url IS NULL OR image_checked_url <> image_source_url)`,
      )
      .bind(url, outcome.stored)
      .run();
    outcomes.push(outcome);
  }
  return outcomes;
}
