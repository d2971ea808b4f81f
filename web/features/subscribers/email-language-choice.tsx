import { useId } from "react";
import { LOCALE_NAMES, LOCALE_TAGS, LOCALES, type Locale } from "#contract/i18n/locales";

/**
 * "Email language": English / Español, each named in itself (and marked with its language, so a screen reader
 * says it right), as a radio group: two choices, both visible. Used by the signup form and the manage page.
 */
export function EmailLanguageChoice({
  legend,
  hint,
  value,
  onChange,
}: {
  legend: string;
  hint?: string;
  value: Locale;
  onChange: (locale: Locale) => void;
}) {
  const name = useId();
  return (
    <fieldset className="grid gap-2" aria-describedby={hint ? `${name}-hint` : undefined}>
      <legend className="mb-2 text-sm font-semibold text-forest-900">{legend}</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {LOCALES.map((locale) => (
          <label key={locale} className="flex min-h-11 items-center gap-2 text-forest-900">
            <input
              type="radio"
              name={name}
              value={locale}
              checked={value === locale}
              onChange={() => onChange(locale)}
              className="size-5 accent-forest-700"
            />
            <span lang={LOCALE_TAGS[locale]}>{LOCALE_NAMES[locale]}</span>
          </label>
        ))}
      </div>
      {hint ? (
        <p id={`${name}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </fieldset>
  );
}
