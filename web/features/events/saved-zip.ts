import { zip5 } from "#contract/platform/field-rules";

/** The last ZIP searched, so the home teaser and the events page start where the visitor left off. */
const KEY = "earthkind:events-zip";

export function loadSavedZip(): string | null {
  try {
    const zip = window.localStorage.getItem(KEY);
    return zip5(zip) ?? null;
  } catch {
    return null;
  }
}

export function saveZip(zip: string): void {
  try {
    const five = zip5(zip);
    if (five) window.localStorage.setItem(KEY, five);
  } catch {
    // Storage can be disabled (private mode); remembering the ZIP is only a convenience.
  }
}
