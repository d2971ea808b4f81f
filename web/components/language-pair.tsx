import type { ReactNode } from "react";

/**
 * A content text (an action's, a tip's) in both languages (decision 272): English and Spanish side by side on a wide screen, the
 * Spanish under the English on a phone. The Spanish side is marked `lang="es"` (spelling, screen readers).
 */
export function LanguagePair({ english, spanish }: { english: ReactNode; spanish: ReactNode }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <div className="grid gap-6">{english}</div>
      <div lang="es" className="grid gap-6 border-forest-200 lg:border-l lg:pl-6">
        {spanish}
      </div>
    </div>
  );
}

/** The columns' names above the pairs, on a wide screen (on a phone the Spanish fields name themselves). */
export function LanguageColumns() {
  return (
    <div aria-hidden="true" className="hidden gap-6 text-sm font-semibold text-forest-700 lg:grid lg:grid-cols-2">
      <span>English</span>
      <span className="lg:pl-6">Spanish (Español)</span>
    </div>
  );
}

const SPANISH_NOTES = {
  complete: "Spanish is complete: Spanish readers and subscribers get it.",
  partial:
    "Spanish is incomplete: until every text with English has its Spanish, Spanish readers get the English text, marked as English.",
  missing: "Spanish missing: Spanish readers get the English text, marked as English, with a note in their email.",
} as const;

/** Where the Spanish text stands, as the public pages and the weekly email will treat it. */
export function SpanishStatus({ state }: { state: keyof typeof SPANISH_NOTES }) {
  return (
    <p
      data-testid="spanish-status"
      className={state === "complete" ? "text-sm text-forest-700" : "text-sm font-medium text-clay-700"}
    >
      {SPANISH_NOTES[state]}
    </p>
  );
}
