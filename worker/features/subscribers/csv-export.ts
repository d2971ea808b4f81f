import type { SubscriberFilters } from "#contract/subscribers/admin-schemas";
import type { Db } from "../../platform/db";
import { readSubscriberPage, statusOf } from "./admin-list";
import { csvRow } from "./csv";

const EXPORT_PAGE = 1000;
export const CSV_HEADER = [
  "first_name",
  "email",
  "zip_code",
  "status",
  "subscribed_at",
  "unsubscribed_at",
  "last_weekly_email_at",
];

/**
 * The filtered list as CSV, streamed: one keyset page is read each time the client is ready for
 * more, so 100,000 rows never sit in the Worker's memory at once.
 */
export function streamSubscribersCsv(db: Db, filters: SubscriberFilters): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cursor: string | undefined;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        // A BOM so spreadsheet apps read the names as UTF-8.
        controller.enqueue(encoder.encode(`\uFEFF${csvRow(CSV_HEADER)}`));
      }
      const page = await readSubscriberPage(db, filters, cursor, EXPORT_PAGE);
      const text = page.rows
        .map((r) =>
          csvRow([
            r.first_name,
            r.email,
            r.zip_code,
            statusOf(r),
            r.subscribed_at,
            r.unsubscribed_at,
            r.last_weekly_email_at,
          ]),
        )
        .join("");
      if (text) controller.enqueue(encoder.encode(text));
      if (page.nextCursor) cursor = page.nextCursor;
      else controller.close();
    },
  });
}
