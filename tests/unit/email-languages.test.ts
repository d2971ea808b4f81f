import { type ChildNode, type Element, isTag, isText } from "domhandler";
import { parseDocument } from "htmlparser2";
import { describe, expect, it } from "vitest";
import { emailSamples, SAMPLE_CONTENT } from "./support/email-samples";

/**
 * The catalogue check on emails (issue 46 item 2, decision 270), as tests/worker/untranslated-text.test.ts is for
 * pages: every email rendered in English and in Spanish, and no text of the Spanish one (subject, body text, HTML
 * text and `alt`/`title`) is also in the English one, except what the sample shows as written (names, events and
 * petitions in their source's language). A string that does not go through the catalogue shows up here.
 */

const SKIPPED = new Set(["style", "head", "script"]);

function htmlTexts(html: string): string[] {
  const texts: string[] = [];
  const walk = (nodes: ChildNode[]) => {
    for (const node of nodes) {
      if (isText(node)) texts.push(node.data);
      else if (isTag(node) && !SKIPPED.has((node as Element).name)) {
        const el = node as Element;
        texts.push(el.attribs.alt ?? "", el.attribs.title ?? "");
        walk(el.children);
      }
    }
  };
  walk(parseDocument(html).children);
  return texts;
}

/** Everything a reader sees, line by line, with URLs and the sample's own content taken out. */
function readable(sample: { subject: string; html: string; text: string }): Set<string> {
  const content = [...SAMPLE_CONTENT].sort((a, b) => b.length - a.length);
  return new Set(
    [sample.subject, ...sample.text.split("\n"), ...htmlTexts(sample.html)]
      .map((line) => content.reduce((rest, word) => rest.split(word).join(" "), line.replace(/https?:\/\/\S+/g, " ")))
      .map((line) => line.replace(/\s+/g, " ").trim())
      .filter((line) => /\p{L}{3}/u.test(line)),
  );
}

const english = new Map(emailSamples("en").map((s) => [s.name, s]));

describe("emails in Spanish show no English of the site's own", () => {
  it.each(emailSamples("es").map((s) => [s.name, s] as const))("%s", (name, spanish) => {
    const inEnglish = english.get(name);
    if (!inEnglish) throw new Error(`no English ${name}`);
    expect(spanish.html).toContain('<html lang="es-US">');
    const englishTexts = readable(inEnglish);
    expect([...readable(spanish)].filter((text) => englishTexts.has(text))).toEqual([]);
  });
});
