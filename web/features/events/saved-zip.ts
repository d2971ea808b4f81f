import { isZip } from "../../../worker/platform/field-rules";

/** The last ZIP searched, so the home teaser and the events page start where the visitor left off. */
const KEY = "earthkind:events-zip";

export function loadSavedZip(): string | null {
  try {
    const zip = window.localStorage.getItem(KEY);
    return zip && isZip(zip, { fiveDigitsOnly: true }) ? zip : null;
  } catch {
    return null;
  }
}

export function saveZip(zip: string): void {
  try {
    if (isZip(zip, { fiveDigitsOnly: true })) window.localStorage.setItem(KEY, zip);
  } catch {
    // Storage can be disabled (private mode); remembering the ZIP is only a convenience.
  }
}
