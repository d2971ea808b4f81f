import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { events } from "../../db/schema";
import { PICTURE_MAX_BYTES, storeDuePictures } from "../../worker/features/ingestion/pictures";
import { ingestSource } from "../../worker/features/ingestion/run-source";
import { adminHeaders, api, db } from "./helpers";
import { deps, fakeFetch, source } from "./ingestion-helpers";
import { createSubmission, createZip } from "./support/factories";

// Issue 28 item 5 (decision 201): a feed's or organiser's picture is fetched once by the server, checked (https,
// declared and actual type, size), stored in R2 and served from /media/events/…; cards never point elsewhere.

const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="),
  (c) => c.charCodeAt(0),
);
const JPEG = Uint8Array.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0xff, 0xd9,
]);
const image = (bytes: Uint8Array, type: string, headers: Record<string, string> = {}) =>
  new Response(bytes, { status: 200, headers: { "Content-Type": type, ...headers } });

const host = (tag: string) => `https://img-${tag}.example.org`;

describe("event pictures from our origin", () => {
  it("fetches each picture once, checks it, stores it in R2 and serves it from /media/events", async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const pictures = {
      good: `${host(tag)}/dunes.jpg`,
      plain: `http://img-${tag}.example.org/plain.jpg`,
      html: `${host(tag)}/page.jpg`,
      lying: `${host(tag)}/lying.png`,
      huge: `${host(tag)}/huge.jpg`,
      downgrade: `${host(tag)}/moved.jpg`,
    };
    const vevent = (uid: string, day: number, picture: string) =>
      [
        "BEGIN:VEVENT",
        `UID:${uid}`,
        "SUMMARY:Dune planting",
        `DTSTART:203003${String(day).padStart(2, "0")}T170000Z`,
        "LOCATION:Shoreline Park, Portland, OR 97202",
        `ATTACH;FMTTYPE=image/jpeg:${picture}`,
        "END:VEVENT",
      ].join("\r\n");
    const feed = [
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//Test//Pictures//EN",
      // Two events showing the same picture: one fetch.
      vevent("good-1", 10, pictures.good),
      vevent("good-2", 11, pictures.good),
      vevent("plain", 12, pictures.plain),
      vevent("html", 13, pictures.html),
      vevent("lying", 14, pictures.lying),
      vevent("huge", 15, pictures.huge),
      vevent("downgrade", 16, pictures.downgrade),
      "END:VCALENDAR",
    ].join("\r\n");
    const remote = fakeFetch((url) => {
      if (url.pathname === "/feed.ics") return feed;
      if (url.href === pictures.good) return image(JPEG, "image/jpeg");
      if (url.href === pictures.html) return image(new TextEncoder().encode("<!doctype html><p>hi</p>"), "text/html");
      // Declared a PNG, but its bytes are a page.
      if (url.href === pictures.lying)
        return image(new TextEncoder().encode("<!doctype html><p>nope</p>"), "image/png");
      if (url.href === pictures.huge)
        return image(JPEG, "image/jpeg", { "Content-Length": String(PICTURE_MAX_BYTES + 1) });
      if (url.href === pictures.downgrade)
        return new Response(null, { status: 302, headers: { Location: `http://img-${tag}.example.org/dunes.jpg` } });
      return undefined;
    });
    const src = { ...source("sierra-club-nyc"), key: `test-pictures-${tag}`, url: `${host(tag)}/feed.ics` };
    const run = () => ingestSource(deps(remote.fetch, { media: env.MEDIA }), src, { startPage: 0, pages: 1 });
    expect((await run()).status).toBe("completed");

    const row = async (uid: string) => {
      const [r] = await db()
        .select()
        .from(events)
        .where(and(eq(events.sourceKey, src.key), eq(events.externalId, uid)));
      if (!r) throw new Error(`no row ${uid}`);
      return r;
    };
    const good = await row("good-1");
    expect(good.imageUrl).toMatch(/^\/media\/events\/[0-9a-f]{64}\.jpg$/);
    expect((await row("good-2")).imageUrl).toBe(good.imageUrl);
    for (const uid of ["plain", "html", "lying", "huge", "downgrade"]) {
      const r = await row(uid);
      expect({ uid, imageUrl: r.imageUrl, checked: r.imageCheckedUrl === r.imageSourceUrl }).toEqual({
        uid,
        imageUrl: null,
        checked: true,
      });
    }
    const asked = (href: string) => remote.requests.filter((r) => r.url === href).length;
    expect(asked(pictures.good)).toBe(1);
    // http is never requested, nor the http address a redirect pointed to.
    expect(remote.requests.some((r) => r.url.startsWith("http:"))).toBe(false);

    const served = await api(good.imageUrl ?? "");
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/jpeg");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(JPEG);

    // Fetched once: the next run asks the host for no picture again.
    const before = remote.requests.length;
    await run();
    expect(remote.requests.slice(before).map((r) => new URL(r.url).pathname)).toEqual(["/feed.ics"]);
  });

  it("an approved submission's picture is stored the same way, and never shown from its own host", async () => {
    const zip = await createZip();
    const picture = `https://organizer-${crypto.randomUUID().slice(0, 8)}.example.org/flyer.png`;
    const s = await createSubmission({ postalCode: zip.zip, city: zip.city, state: zip.state, imageUrl: picture });
    const res = await api(`/api/admin/event-submissions/${s.id}/approve`, {
      method: "POST",
      json: {},
      headers: await adminHeaders(),
    });
    const { event_id } = (await res.json()) as { event_id: string };
    const [before] = await db().select().from(events).where(eq(events.id, event_id));
    expect(before).toMatchObject({ imageSourceUrl: picture, imageUrl: null });

    const remote = fakeFetch((url) => (url.href === picture ? image(PNG, "image/png; charset=binary") : undefined));
    const outcomes = await storeDuePictures(db(), env.MEDIA, remote.fetch, 100);
    expect(outcomes.find((o) => o.url === picture)).toMatchObject({ refusal: null });
    const [after] = await db().select().from(events).where(eq(events.id, event_id));
    expect(after?.imageUrl).toMatch(/^\/media\/events\/[0-9a-f]{64}\.png$/);
    expect((await api(after?.imageUrl ?? "")).headers.get("Content-Type")).toBe("image/png");
  });

  it("serves only keys it writes under /media/events", async () => {
    expect((await api("/media/events/not-a-hash.jpg")).status).toBe(404);
    expect((await api(`/media/events/${"0".repeat(64)}.svg`)).status).toBe(404);
    expect((await api(`/media/events/${"0".repeat(64)}.jpg`)).status).toBe(404);
  });
});
