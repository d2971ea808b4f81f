import { useId } from "react";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { toast } from "../../components/ui/use-toast";
import { api, toQuery } from "../../lib/api";
import { useT } from "../../lib/i18n";
import { useSiteOrigin } from "../../lib/site";

/** The calendar feed's query: the page's place parameters (category and keyword filter only the page). */
export type FeedParams = { zip: string; radius: number; include_online?: "true" };

/**
 * The feed's site path for a search: a link for calendar apps, not a fetch. It lives here, not in
 * ./api, because that module is loaded by the home page's teaser too.
 */
const eventsFeedPath = (params: FeedParams) => api.api.events["feed.ics"].$path({ query: toQuery(params) });

/**
 * "Subscribe in your calendar" for the current search: a webcal:// link (calendar apps open it and
 * subscribe) and the https URL to paste into apps that ask for one. The origin is SITE_URL's, so the
 * server-rendered and hydrated links are the same.
 */
export function CalendarSubscribe({ params }: { params: FeedParams }) {
  const { t } = useT();
  const id = useId();
  const url = `${useSiteOrigin()}${eventsFeedPath(params)}`;
  const webcal = url.replace(/^https?:/, "webcal:");

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: t("events.feed.copied"), description: t("events.feed.copiedText") });
    } catch (err) {
      // Spec §8: a failed copy is only logged; the URL stays selectable in the field.
      console.error("copy feed URL failed", err);
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-card border border-border bg-card p-5 sm:p-6">
      <h2 id={`${id}-title`} className="text-lg font-semibold text-forest-900">
        {t("events.feed.title")}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        {params.include_online
          ? t("events.feed.descriptionOnline", { radius: params.radius, zip: params.zip })
          : t("events.feed.description", { radius: params.radius, zip: params.zip })}
      </p>
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <Button asChild variant="outline">
          <a href={webcal}>{t("events.feed.title")}</a>
        </Button>
        <div className="grid min-w-64 flex-1 gap-1.5">
          <Label htmlFor={`${id}-url`}>{t("events.feed.urlLabel")}</Label>
          <Input id={`${id}-url`} readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
        </div>
        <Button type="button" variant="outline" onClick={copy}>
          {t("events.feed.copy")}
        </Button>
      </div>
    </section>
  );
}
