/**
 * CSV for spreadsheets (RFC 4180) that a spreadsheet cannot be tricked into executing: a value that
 * starts with `=`, `+`, `-`, `@`, a tab or a carriage return is read as a formula by Excel, Sheets
 * and LibreOffice ("CSV injection", OWASP), so it gets a leading apostrophe, which they show as text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvRow = (values: (string | number | boolean | null | undefined)[]): string =>
  `${values.map(csvCell).join(",")}\r\n`;
