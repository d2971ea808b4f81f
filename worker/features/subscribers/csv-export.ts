import type { SubscriberFilters } from "#contract/subscribers/admin-schemas";
import type { ExportProducer } from "../exports/types";
import { readSubscriberPage, statusOf } from "./admin-list";
import { csvRow } from "./csv";

export const CSV_HEADER = [
  "first_name",
  "email",
  "zip_code",
  "status",
  "subscribed_at",
  "unsubscribed_at",
  "last_weekly_email_at",
];

/** The filters an export job was started with (validated by the route's schema before they were stored). */
const filtersOf = (params: Record<string, string>): SubscriberFilters => ({
  q: params.q ?? "",
  status: params.status === "active" || params.status === "unsubscribed" ? params.status : "all",
  zip: params.zip ?? "",
});

/**
 * The filtered list as CSV, one export step at a time (decision 250): each step reads at most `pagesPerStep`
 * keyset pages from where the last one stopped, so an invocation's D1 queries stay bounded at any list size.
 * The first step starts the file with a BOM (so spreadsheet apps read the names as UTF-8) and the header.
 */
export const subscribersCsvExport: ExportProducer = {
  contentType: "text/csv; charset=utf-8",
  extension: "csv",
  async step({ db, job, paging }) {
    const filters = filtersOf(job.params);
    let cursor = job.cursor ?? undefined;
    let body = job.step === 0 ? `\uFEFF${csvRow(CSV_HEADER)}` : "";
    let rows = 0;
    for (let page = 0; page < paging.pagesPerStep; page++) {
      const read = await readSubscriberPage(db, filters, cursor, paging.pageRows);
      for (const r of read.rows)
        body += csvRow([
          r.first_name,
          r.email,
          r.zip_code,
          statusOf(r),
          r.subscribed_at,
          r.unsubscribed_at,
          r.last_weekly_email_at,
        ]);
      rows += read.rows.length;
      if (!read.nextCursor) return { body, rows, cursor: null };
      cursor = read.nextCursor;
    }
    return { body, rows, cursor: cursor ?? null };
  },
};
