import { describe, expect, it } from "vitest";
import { api, config } from "./helpers";
import { createAction } from "./support/factories";

/** The decoded content of a meta tag; an unescaped quote would cut the value short and fail the match. */
const metaContent = (html: string, attr: "property" | "name", key: string) => {
  const raw = new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`).exec(html)?.[1];
  return raw
    ?.replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
};

describe("GET /actions/:slug HTML with the action's tags", () => {
  it("injects title, description, OpenGraph and Twitter tags (escaped) into index.html", async () => {
    const action = await createAction({
      title: 'Build a "bee hotel" <today>',
      summary: "Give solitary bees & wasps a home.",
      imageUrl: "/images/actions/bee-hotel.svg",
    });
    const res = await api(`/actions/${action.slug}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("text/html");
    const html = await res.text();
    expect(html).toContain('<div id="root"');
    expect(html).toContain('<title>Build a "bee hotel" &lt;today&gt; · Earthkind</title>');
    const title = 'Build a "bee hotel" <today> · Earthkind';
    const origin = config().siteOrigin;
    expect(metaContent(html, "property", "og:title")).toBe(title);
    expect(metaContent(html, "property", "og:description")).toBe("Give solitary bees & wasps a home.");
    expect(metaContent(html, "name", "description")).toBe("Give solitary bees & wasps a home.");
    // X and LinkedIn do not render SVG: the illustration's 1200×630 PNG twin, with its size.
    expect(metaContent(html, "property", "og:image")).toBe(`${origin}/images/share/bee-hotel.png`);
    expect(metaContent(html, "property", "og:image:width")).toBe("1200");
    expect(metaContent(html, "property", "og:image:height")).toBe("630");
    expect(metaContent(html, "property", "og:image:alt")).toBe('Build a "bee hotel" <today>');
    expect(metaContent(html, "property", "og:url")).toBe(`${origin}/actions/${action.slug}`);
    expect(metaContent(html, "property", "og:type")).toBe("article");
    expect(metaContent(html, "name", "twitter:card")).toBe("summary_large_image");
    expect(metaContent(html, "name", "twitter:title")).toBe(title);
    expect(metaContent(html, "name", "twitter:image")).toBe(`${origin}/images/share/bee-hotel.png`);
    // Each tag once: replaced where index.html has it, added where it does not.
    expect(html.match(/property="og:title"/g)).toHaveLength(1);
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it("uses the default wildflower card when the action has no image", async () => {
    const action = await createAction({ imageUrl: null });
    const html = await (await api(`/actions/${action.slug}`)).text();
    expect(metaContent(html, "property", "og:image")).toBe(
      `${config().siteOrigin}/images/share/wildflower-default.png`,
    );
    expect(metaContent(html, "property", "og:image:width")).toBe("1200");
  });

  it("uses an uploaded raster image as it is, without claiming a size", async () => {
    const action = await createAction({ imageUrl: "/media/uploads/2026/abc.jpg" });
    const html = await (await api(`/actions/${action.slug}`)).text();
    expect(metaContent(html, "property", "og:image")).toBe(`${config().siteOrigin}/media/uploads/2026/abc.jpg`);
    expect(metaContent(html, "property", "og:image:width")).toBeUndefined();
    expect(metaContent(html, "property", "og:image:height")).toBeUndefined();
  });

  it("answers 404 for unknown and draft slugs (the page shows 'Action not found')", async () => {
    const draft = await createAction({ status: "draft", publishedAt: null });
    for (const slug of ["no-such-action", draft.slug]) {
      const res = await api(`/actions/${slug}`);
      expect(res.status).toBe(404);
      const html = await res.text();
      expect(html).toContain('<div id="root"');
      expect(html).not.toContain(draft.title);
    }
    // The preview page is its own SPA route.
    expect((await api(`/actions/preview/${draft.id}`)).status).toBe(200);
  });
});
