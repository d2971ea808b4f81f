import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useMemo, useState } from "react";
import { Link } from "react-router-dom";
import { DEFAULT_RADIUS, TEASER_LIMIT } from "#contract/events/constants";
import { FIELD_MAX, zip5 } from "#contract/platform/field-rules";
import { Button } from "../../components/ui/button";
import { Checkbox } from "../../components/ui/checkbox";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Spinner } from "../../components/ui/spinner";
import { useT } from "../../lib/i18n";
import { routePath } from "../../pages";
import { eventsSearchQuery, type SearchParams } from "./api";
import { EventCard } from "./event-card";
import { searchErrorText } from "./format";
import { loadSavedZip, saveZip } from "./saved-zip";

/**
 * The home page's nearby-events block: three events near the visitor's last ZIP (or the next
 * upcoming ones anywhere before a ZIP is known), with the spec's empty texts.
 */
export function EventsTeaser() {
  const text = useT();
  const { t } = text;
  const id = useId();
  const [zip, setZip] = useState<string | null>(null);
  const [zipInput, setZipInput] = useState("");
  // The saved ZIP is this visitor's: applied after hydration, so the page the Worker rendered (and
  // may have cached for everyone) shows the upcoming events anywhere first.
  useEffect(() => {
    const saved = loadSavedZip();
    if (saved) {
      setZip(saved);
      setZipInput(saved);
    }
  }, []);
  const [includeOnline, setIncludeOnline] = useState(false);
  const radius = DEFAULT_RADIUS;
  const params = useMemo<SearchParams>(
    () => ({
      ...(zip ? { zip } : {}),
      radius: DEFAULT_RADIUS,
      ...(includeOnline ? { include_online: "true" as const } : {}),
      limit: TEASER_LIMIT,
    }),
    [zip, includeOnline],
  );
  const search = useQuery(eventsSearchQuery(params));
  // Remembered once the server has searched it: a ZIP it refused is never remembered (decision 234).
  const [toRemember, setToRemember] = useState<string | null>(null);
  useEffect(() => {
    if (toRemember && zip === toRemember && search.isSuccess && !search.isFetching) {
      saveZip(toRemember);
      setToRemember(null);
    }
  }, [toRemember, zip, search.isSuccess, search.isFetching]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = zipInput.trim();
    if (!trimmed) return;
    // A ZIP+4 searches (and is shown as) its 5-digit ZIP; anything else goes to the server, whose message is shown.
    const next = zip5(trimmed) ?? trimmed;
    setZip(next);
    setToRemember(next);
  };

  return (
    <section aria-labelledby={`${id}-title`} className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-6">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold tracking-wider text-forest-600 uppercase">{t("events.teaser.eyebrow")}</p>
          <h2 id={`${id}-title`} className="mt-2 text-3xl font-semibold text-forest-900 sm:text-4xl">
            {t("events.teaser.title")}
          </h2>
        </div>
        <form onSubmit={submit} className="flex flex-wrap items-end gap-3" aria-label={t("events.teaser.formLabel")}>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-zip`}>{t("events.filters.zip")}</Label>
            <Input
              id={`${id}-zip`}
              className="w-36"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={FIELD_MAX.zip}
              value={zipInput}
              onChange={(e) => setZipInput(e.target.value)}
            />
          </div>
          <Button type="submit" variant="outline">
            {t("events.teaser.show")}
          </Button>
          <div className="flex w-full items-center gap-2">
            <Checkbox
              id={`${id}-online`}
              checked={includeOnline}
              onCheckedChange={(v) => setIncludeOnline(v === true)}
            />
            <Label htmlFor={`${id}-online`}>{t("events.filters.includeOnline")}</Label>
          </div>
        </form>
      </div>

      <div className="mt-10" aria-live="polite">
        {search.isPending ? (
          <Spinner label={t("events.results.loading")} />
        ) : search.isError ? (
          <p className="text-clay-700">{searchErrorText(text, search.error)}</p>
        ) : search.data.length === 0 ? (
          <div className="rounded-card border border-dashed border-border bg-sand-100/60 p-8">
            {zip ? (
              <>
                <p className="font-semibold text-forest-900">
                  {includeOnline
                    ? t("events.teaser.noneNearOnline", { radius, zip })
                    : t("events.teaser.noneNear", { radius, zip })}
                </p>
                <p className="mt-1 text-muted-foreground">{t("events.teaser.tryWider")}</p>
              </>
            ) : (
              <p className="text-muted-foreground">{t("events.teaser.checkBack")}</p>
            )}
          </div>
        ) : (
          <ul className="grid gap-5 md:grid-cols-3">
            {search.data.map((e) => (
              <li key={e.id}>
                <EventCard event={e} compact />
              </li>
            ))}
          </ul>
        )}
      </div>
      <p className="mt-8">
        <Link
          to={zip ? `${routePath("events")}?zip=${zip}` : routePath("events")}
          className="font-semibold text-forest-700 underline"
        >
          {t("events.teaser.seeAll")}
        </Link>
      </p>
    </section>
  );
}
