import { describeRoute } from "hono-openapi";
import { answer, errorAnswer, jsonAnswer } from "../../platform/api-docs";
import { AppError, badRequest } from "../../platform/errors";
import { createRouter } from "../../platform/hono";
import { sniffImageType } from "./image-sniff";
import { uploadAnswer } from "./responses";

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const UPLOAD_MESSAGES = {
  missing: "Choose an image to upload",
  tooLarge: "Image must be 5 MB or smaller",
  badType: "Only PNG, JPEG, WebP, GIF or AVIF images can be uploaded",
} as const;

const tooLarge = () => new AppError(413, "payload_too_large", UPLOAD_MESSAGES.tooLarge);

/**
 * /api/admin/media — image upload to R2 (multipart field `file`). The type comes from the file's
 * magic bytes, never from its name or the client's header, so nothing but those five image types
 * (no SVG/HTML) can ever be served back from our origin.
 */
export const mediaAdminRoutes = createRouter().post(
  "/",
  describeRoute({
    summary: "Upload an image to the media bucket",
    requestBody: {
      required: true,
      content: {
        "multipart/form-data": {
          schema: {
            type: "object",
            required: ["file"],
            properties: {
              file: {
                type: "string",
                format: "binary",
                description: "A PNG, JPEG, WebP, GIF or AVIF image, 5 MB or smaller",
              },
            },
          },
        },
      },
    },
    responses: {
      201: jsonAnswer(uploadAnswer, "Stored: where the image is served and what it is"),
      400: errorAnswer("No image in the field `file`, or the body is not multipart form data"),
      413: errorAnswer("The image is larger than 5 MB, or the request body is too large"),
      415: errorAnswer("The file is not a PNG, JPEG, WebP, GIF or AVIF image (judged by its bytes)"),
    },
  }),
  async (c) => {
    // Refuse obviously oversized bodies before buffering them (multipart adds a little overhead).
    const declared = Number(c.req.header("Content-Length") ?? "0");
    if (declared > MAX_UPLOAD_BYTES + 64 * 1024) throw tooLarge();

    const body = await c.req.parseBody().catch(() => {
      throw badRequest(UPLOAD_MESSAGES.missing);
    });
    const file = body.file;
    if (!(file instanceof File) || file.size === 0) throw badRequest(UPLOAD_MESSAGES.missing);
    if (file.size > MAX_UPLOAD_BYTES) throw tooLarge();

    const bytes = new Uint8Array(await file.arrayBuffer());
    const type = sniffImageType(bytes);
    if (!type) throw new AppError(415, "unsupported_media_type", UPLOAD_MESSAGES.badType);

    const key = `uploads/${new Date().toISOString().slice(0, 7)}/${crypto.randomUUID()}.${type.ext}`;
    await c.env.MEDIA.put(key, bytes, {
      httpMetadata: { contentType: type.mime, cacheControl: "public, max-age=31536000, immutable" },
      customMetadata: { uploadedBy: c.var.user.id, originalName: file.name.slice(0, 200) },
    });
    c.set("auditTarget", { table: "media", target: { key, size: bytes.byteLength } });
    return c.json(
      answer(uploadAnswer, { url: `/media/${key}`, key, content_type: type.mime, size: bytes.byteLength }),
      201,
    );
  },
);
