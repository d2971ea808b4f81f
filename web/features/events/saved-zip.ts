/** The last ZIP searched, so the home teaser and the events page start where the visitor left off. */
const KEY = "earthkind:events-zip";

export function loadSavedZip(): string | null {
  try {
    const zip = window.localStorage.getItem(KEY);
    return zip && /^\d{5}$/.test(zip) ? zip : null;
  } catch {
    return null;
  }
}

export function saveZip(zip: string): void {
  try {
    if (/^\d{5}$/.test(zip)) window.localStorage.setItem(KEY, zip);
  } catch {
    // Storage can be disabled (private mode); remembering the ZIP is only a convenience.
  }
}
