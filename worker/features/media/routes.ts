import { notFound } from "../../platform/errors";
import { createRouter } from "../../platform/hono";

/**
 * Keys we write: uploads/YYYY-MM/<uuid>.<ext> (admin uploads) and events/<sha-256 of its address>.<ext> (event
 * pictures, decision 201). Anything else is not ours to serve.
 */
const KEY_RE =
  /^(uploads\/\d{4}-\d{2}\/[0-9a-f-]{36}\.(png|jpg|webp|gif|avif)|events\/[0-9a-f]{64}\.(png|jpg|webp|gif))$/;

/** GET /media/* — uploaded images from R2. Keys are never reused, so responses are immutable. */
export const mediaRoutes = createRouter().get("/*", async (c) => {
  // Our keys hold no character that needs percent-encoding, so the raw path is compared as is:
  // nothing to decode means no malformed escape ("/media/%E0%A4%A") can throw.
  const key = new URL(c.req.url).pathname.replace(/^\/media\//, "");
  if (!KEY_RE.test(key)) throw notFound();

  const object = await c.env.MEDIA.get(key, { onlyIf: c.req.raw.headers });
  if (!object) throw notFound();
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set("ETag", object.httpEtag);
  headers.set("Cache-Control", "public, max-age=31536000, immutable");
  // A failed precondition (If-None-Match matched) returns the object without a body.
  if (!("body" in object)) return new Response(null, { status: 304, headers });
  headers.set("Content-Length", String(object.size));
  return new Response(object.body, { status: 200, headers });
});
