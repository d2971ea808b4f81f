import { type FormEvent, useId } from "react";
import { CATEGORY_FILTERS, RADIUS_OPTIONS } from "#contract/events/constants";
import { FIELD_MAX } from "#contract/platform/field-rules";
import { Button } from "../../components/ui/button";
import { Checkbox } from "../../components/ui/checkbox";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Select } from "../../components/ui/select";
import { useT } from "../../lib/i18n";
import { categoryLabel, timeFrameLabel } from "./labels";
import { TIME_FRAMES, type TimeFrame } from "./time-frames";

export type FilterState = {
  radius: number;
  frame: TimeFrame;
  includeOnline: boolean;
  category: string;
  keyword: string;
};

type Props = {
  zipInput: string;
  onZipInput: (value: string) => void;
  onZipSubmit: () => void;
  locationNote: string | null;
  filters: FilterState;
  onChange: (next: Partial<FilterState>) => void;
};

/** ZIP form, radius, time frame, include online, category and keyword, each with a visible label. */
export function EventsFilters({ zipInput, onZipInput, onZipSubmit, locationNote, filters, onChange }: Props) {
  const text = useT();
  const { t } = text;
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onZipSubmit();
  };
  return (
    <div className="grid gap-6 rounded-card border border-border bg-card p-5 shadow-sm sm:p-6">
      {" "}
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3" aria-label={t("events.filters.formLabel")}>
        <div className="grid min-w-40 flex-1 gap-1.5 sm:max-w-56">
          <Label htmlFor={`${id}-zip`}>{t("events.filters.zip")}</Label>
          <Input
            id={`${id}-zip`}
            name="zip"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={FIELD_MAX.zip}
            placeholder={t("events.filters.zipPlaceholder")}
            value={zipInput}
            onChange={(e) => onZipInput(e.target.value)}
          />
        </div>
        <Button type="submit">{t("events.filters.search")}</Button>
        {locationNote ? <p className="w-full text-sm text-muted-foreground">{locationNote}</p> : null}
      </form>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-radius`}>{t("events.filters.radius")}</Label>
          <Select
            id={`${id}-radius`}
            value={String(filters.radius)}
            onChange={(e) => onChange({ radius: Number(e.target.value) })}
          >
            {RADIUS_OPTIONS.map((r) => (
              <option key={r} value={r}>
                {t("events.filters.radiusOption", { radius: r })}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-frame`}>{t("events.filters.timeFrame")}</Label>
          <Select
            id={`${id}-frame`}
            value={filters.frame}
            onChange={(e) => onChange({ frame: e.target.value as TimeFrame })}
          >
            {TIME_FRAMES.map((f) => (
              <option key={f} value={f}>
                {timeFrameLabel(text, f)}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-category`}>{t("events.filters.category")}</Label>
          <Select
            id={`${id}-category`}
            value={filters.category}
            onChange={(e) => onChange({ category: e.target.value })}
          >
            {CATEGORY_FILTERS.map((c) => (
              <option key={c} value={c}>
                {categoryLabel(text, c)}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-keyword`}>{t("events.filters.keyword")}</Label>
          <Input
            id={`${id}-keyword`}
            type="search"
            placeholder={t("events.filters.keywordPlaceholder")}
            value={filters.keyword}
            onChange={(e) => onChange({ keyword: e.target.value })}
          />
        </div>
      </div>
      <div className="flex items-center gap-3">
        <Checkbox
          id={`${id}-online`}
          checked={filters.includeOnline}
          onCheckedChange={(v) => onChange({ includeOnline: v === true })}
        />
        <Label htmlFor={`${id}-online`}>{t("events.filters.includeOnline")}</Label>
      </div>
    </div>
  );
}
