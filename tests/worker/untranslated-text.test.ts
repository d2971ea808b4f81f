import { type ChildNode, type Element, isTag, isText } from "domhandler";
import { parseDocument } from "htmlparser2";
import { beforeAll, expect, it } from "vitest";
import { eventPath } from "#contract/events/event-path";
import { localizePath } from "#contract/i18n/locales";
import { actionPagePath } from "#contract/pages/linked-paths";
import { addDays, dayInZone } from "#contract/platform/zoned-time";
import { api, config } from "./helpers";
import { createAction, createEvent } from "./support/factories";

/**
 * The catalogue check on what people read (issue 46, decision 270): a Spanish page shows no English sentence of the
 * site's own. Each public page is rendered in both languages; any text, `alt`, `aria-label`, `placeholder` or
 * `title` on the Spanish page that also appears on the English one is a string that never went through the
 * catalogue, unless it sits in an element marked as English (`lang="en"`): content in its source language, such as
 * an event from an English-language source, is labelled so (item 5).
 */

/** Words that are the same in both languages: names, not sentences (and the URL fields' "https://" hint). */
const SAME_IN_BOTH = new Set([
  "Earthkind",
  "Instagram",
  "Facebook",
  "X",
  "Bluesky",
  "TikTok",
  "YouTube",
  "Threads",
  "https://",
]);

/** An element's own text, as one line. */
const textOf = (nodes: ChildNode[]): string =>
  nodes
    .map((n) => (isText(n) ? n.data : isTag(n) ? textOf((n as Element).children) : ""))
    .join("")
    .replace(/\s+/g, " ")
    .trim();

const SKIPPED = new Set(["script", "style", "template", "noscript", "svg"]);
const ATTRIBUTES = ["alt", "aria-label", "placeholder", "title"];

/** Every text a person can read or hear on the page (the document's <body> and <title>). */
function readableTexts(html: string, skipLang: string | null): string[] {
  const texts: string[] = [];
  // What the page marks as English content: a text made only of it (an event's title in the <title>) is content too.
  const content: string[] = [];
  const add = (text: string | undefined) => {
    const clean = text?.replace(/\s+/g, " ").trim();
    if (clean && /\p{L}{2}/u.test(clean) && !SAME_IN_BOTH.has(clean)) texts.push(clean);
  };
  const walk = (nodes: ChildNode[]) => {
    for (const node of nodes) {
      if (isText(node)) add(node.data);
      else if (isTag(node)) {
        const el = node as Element;
        if (SKIPPED.has(el.name)) continue;
        if (skipLang && el.attribs.lang?.toLowerCase().startsWith(skipLang)) {
          content.push(textOf(el.children));
          continue;
        }
        for (const name of ATTRIBUTES) add(el.attribs[name]);
        walk(el.children);
      }
    }
  };
  const doc = parseDocument(html);
  walk(doc.children);
  const words = [...content.filter((c) => c.length >= 4), ...SAME_IN_BOTH].sort((a, b) => b.length - a.length);
  return texts.filter((text) => /\p{L}{2}/u.test(words.reduce((rest, word) => rest.split(word).join(" "), text)));
}

const daysFromToday = (days: number) => addDays(dayInZone(new Date(), config().SITE_TIMEZONE), days);

/** The pages by name, with the path of each; the action's and the event's are made before the test. */
const PATHS: Record<string, string> = Object.fromEntries(
  [
    "/",
    "/actions",
    "/events",
    "/how-it-works",
    "/about",
    "/support",
    "/get-support",
    "/submit-event",
    "/auth",
    "/not-a-page",
  ].map((p) => [p, p]),
);

beforeAll(async () => {
  const action = await createAction({
    title: "Build a bee hotel this week",
    summary: "Give solitary bees a home.",
    startDate: daysFromToday(-1),
    endDate: daysFromToday(5),
    status: "published",
  });
  const event = await createEvent({ startAtUtc: new Date(Date.now() + 3 * 86_400_000).toISOString() });
  PATHS.action = actionPagePath(action.slug);
  PATHS.event = eventPath(event);
});

async function page(path: string): Promise<string> {
  const res = await api(path);
  expect(res.status, path).toBe(path.includes("not-a-page") ? 404 : 200);
  expect(res.headers.get("Content-Type"), path).toMatch(/^text\/html/);
  return res.text();
}

it.each([...Object.keys(PATHS), "action", "event"])(
  "%s in Spanish shows no English of the site's own",
  async (name) => {
    const path = PATHS[name] ?? "";
    const english = new Set(readableTexts(await page(path), "es"));
    const spanish = readableTexts(await page(localizePath(path, "es")), "en");
    const left = [...new Set(spanish.filter((text) => english.has(text)))];
    expect(left).toEqual([]);
  },
);
