import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { adminHeaders, api, memberHeaders } from "./helpers";

// A real 1x1 PNG.
const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="),
  (c) => c.charCodeAt(0),
);

function upload(bytes: Uint8Array, name: string, type: string, headers: HeadersInit) {
  const form = new FormData();
  form.append("file", new File([bytes], name, { type }));
  return api("/api/admin/media", { method: "POST", body: form, headers });
}

describe("media upload and serving", () => {
  it("stores a sniffed image in R2 and serves it from /media with type, ETag and long cache", async () => {
    const res = await upload(PNG, "dot.jpg", "image/jpeg", await adminHeaders());
    expect(res.status).toBe(201);
    const out = (await res.json()) as { url: string; key: string; content_type: string; size: number };
    // The bytes decide the type, not the name or the claimed header.
    expect(out.content_type).toBe("image/png");
    expect(out.url).toMatch(/^\/media\/uploads\/\d{4}-\d{2}\/[0-9a-f-]{36}\.png$/);
    expect(out.size).toBe(PNG.byteLength);
    expect(await env.MEDIA.head(out.key)).not.toBeNull();

    const served = await api(out.url);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    expect(served.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const etag = served.headers.get("ETag");
    expect(etag).toBeTruthy();
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);

    const cached = await api(out.url, { headers: { "If-None-Match": etag ?? "" } });
    expect(cached.status).toBe(304);
  });

  it("refuses files that are not PNG, JPEG, WebP, GIF or AVIF, whatever they claim", async () => {
    const headers = await adminHeaders();
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const res = await upload(svg, "x.png", "image/png", headers);
    expect(res.status).toBe(415);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      "Only PNG, JPEG, WebP, GIF or AVIF images can be uploaded",
    );
    const empty = await upload(new Uint8Array(), "x.png", "image/png", headers);
    expect(empty.status).toBe(400);
  });

  it("refuses images over 5 MB", async () => {
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PNG.subarray(0, 16));
    const res = await upload(big, "big.png", "image/png", await adminHeaders());
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe("Image must be 5 MB or smaller");
  });

  it("is admin-only, and /media answers 404 for unknown keys", async () => {
    expect((await upload(PNG, "a.png", "image/png", {})).status).toBe(401);
    expect((await upload(PNG, "a.png", "image/png", await memberHeaders())).status).toBe(403);
    expect((await api("/media/uploads/2026-01/00000000-0000-0000-0000-000000000000.png")).status).toBe(404);
    expect((await api("/media/../secrets.txt")).status).toBe(404);
  });
});
