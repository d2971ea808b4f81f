type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
type Entry = { field: Field; value: string; checked: boolean };

const isToggle = (field: Field): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio");

function changedFromServer(field: Field): boolean {
  if (isToggle(field)) return field.checked !== field.defaultChecked;
  if (field instanceof HTMLSelectElement) return [...field.options].some((o) => o.selected !== o.defaultSelected);
  return field.value !== field.defaultValue;
}

/**
 * What a visitor typed or ticked before the island hydrated (the page's HTML works before its code has
 * arrived). React, or a form library registering its fields, may put the server's values back while it
 * hydrates; `replayFields` then enters the visitor's values again as input events, so the island's state
 * holds them.
 */
export function snapshotFields(root: HTMLElement): Entry[] {
  return [...root.querySelectorAll<Field>("input, textarea, select")]
    .filter(changedFromServer)
    .map((field) => ({ field, value: field.value, checked: isToggle(field) && field.checked }));
}

export function replayFields(entries: Entry[]): void {
  for (const { field, value, checked } of entries) {
    if (isToggle(field)) {
      // A click is what React's onChange listens to on a checkbox: set the opposite, then click into place.
      field.checked = !checked;
      field.click();
      continue;
    }
    // React notices a change only when the value differs from the one it last saw: set another value
    // through the element (React's tracker sees it), then the visitor's through the prototype (it does not).
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set;
    field.value = value === "" ? " " : "";
    setter?.call(field, value);
    field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
  }
}
