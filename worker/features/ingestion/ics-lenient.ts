import ICAL from "ical.js";

type IcalComponent = InstanceType<typeof ICAL.Component>;

// A content line starts with a property name and then `;` (parameters) or `:` (value).
const CONTENT_LINE = /^[A-Za-z0-9_-]+[;:]/;
const TEXT_PROPERTY = /^(DESCRIPTION|SUMMARY|LOCATION|COMMENT|X-ALT-DESC)[;:]/i;
// Date-valued properties written without VALUE=DATE ("DTSTART:20190101"): ical.js rejects them as date-times.
const BARE_DATE = /^(DTSTART|DTEND|DUE|RECURRENCE-ID|EXDATE|RDATE)((?:;[^:]*)?):(\d{8}(?:,\d{8})*)$/i;

/**
 * Physical lines to logical content lines, forgiving what real feeds get wrong: any of CRLF, LF or
 * a lone CR ends a line; a line starting with space or tab continues the previous one (RFC 5545
 * folding); a line that is not a content line at all is a writer's unfolded, unescaped line break
 * inside the previous property's text and is joined back to it.
 */
function contentLines(text: string): string[] {
  const lines: string[] = [];
  for (const line of text.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/)) {
    const last = lines.length - 1;
    if (/^[ \t]/.test(line) && last >= 0) lines[last] += line.slice(1);
    else if (!line.trim()) continue;
    else if (!CONTENT_LINE.test(line) && last >= 0) {
      const previous = lines[last] as string;
      lines[last] = previous + (TEXT_PROPERTY.test(previous) ? "\\n" : "") + line;
    } else lines.push(line);
  }
  return lines;
}

/**
 * The lines of every VCALENDAR in the text, balanced: properties outside a VCALENDAR (text after
 * END:VCALENDAR) are dropped, a component outside one is wrapped in one, a stray END is dropped, an END that skips
 * open components closes them, and whatever is still open at the end is closed.
 */
function calendarLines(lines: string[]): string[] {
  const out: string[] = [];
  const stack: string[] = [];
  let implicit = false;
  for (const raw of lines) {
    const marker = /^(BEGIN|END):(.+)$/i.exec(raw.trim());
    if (marker) {
      const name = (marker[2] as string).trim().toUpperCase();
      if ((marker[1] as string).toUpperCase() === "BEGIN") {
        if (stack.length === 0 && name !== "VCALENDAR") {
          // A component outside any calendar (a bare VEVENT export) gets a calendar of its own.
          stack.push("VCALENDAR");
          out.push("BEGIN:VCALENDAR");
          implicit = true;
        }
        stack.push(name);
        out.push(`BEGIN:${name}`);
        continue;
      }
      const at = stack.lastIndexOf(name);
      if (at < 0) continue;
      while (stack.length > at) out.push(`END:${stack.pop()}`);
      if (implicit && stack.length === 1) {
        out.push(`END:${stack.pop()}`);
        implicit = false;
      }
      continue;
    }
    if (stack.length === 0) continue;
    const bare = BARE_DATE.exec(raw);
    out.push(bare && !/;VALUE=/i.test(bare[2] ?? "") ? `${bare[1]}${bare[2]};VALUE=DATE:${bare[3]}` : raw);
  }
  while (stack.length) out.push(`END:${stack.pop()}`);
  return out;
}

/** ical.js can read the line on its own (checked only when the whole feed would not parse). */
function parsesAlone(line: string): boolean {
  if (/^(BEGIN|END):/i.test(line)) return true;
  try {
    ICAL.parse.property(line);
    return true;
  } catch {
    return false;
  }
}

function roots(jcal: unknown): IcalComponent[] {
  const list = Array.isArray(jcal) && typeof jcal[0] === "string" ? [jcal] : (jcal as unknown[]);
  return list.map((c) => new ICAL.Component(c as ConstructorParameters<typeof ICAL.Component>[0]));
}

/**
 * Every VCALENDAR of a feed, recovering what can be recovered (decision 100): the text is repaired
 * line by line first; if ical.js still rejects it, the lines it cannot read on their own are dropped
 * so one malformed line costs that property, not the feed. Returns the calendars and how many lines
 * were dropped; throws only when nothing calendar-like is left.
 */
export function parseLenient(text: string): { calendars: IcalComponent[]; droppedLines: number } {
  const lines = calendarLines(contentLines(text));
  if (lines.length === 0) throw new Error("no VCALENDAR");
  let droppedLines = 0;
  let parsed: unknown;
  try {
    parsed = ICAL.parse(lines.join("\r\n"));
  } catch {
    const kept = lines.filter(parsesAlone);
    droppedLines = lines.length - kept.length;
    parsed = ICAL.parse(kept.join("\r\n"));
  }
  const calendars = roots(parsed).filter((c) => c.name === "vcalendar");
  if (calendars.length === 0) throw new Error("no VCALENDAR");
  return { calendars, droppedLines };
}
