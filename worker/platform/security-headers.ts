import { secureHeaders } from "hono/secure-headers";

/** Where Cloudflare Turnstile's script and its challenge frame come from (decision 184). */
const TURNSTILE_ORIGIN = "https://challenges.cloudflare.com";

/**
 * One policy for every response the Worker makes. Admin-entered https image URLs are the one
 * allowed third-party origin (ARCHITECTURE.md §9), and, only while bot protection is on, Cloudflare
 * Turnstile's script and frame; inline styles are allowed for Radix's positioning style attributes,
 * scripts never.
 */
export const securityHeaders = (dev: boolean, botCheck = false) =>
  secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: [...(dev ? ["'self'", "'unsafe-inline'"] : ["'self'"]), ...(botCheck ? [TURNSTILE_ORIGIN] : [])],
      ...(botCheck ? { frameSrc: [TURNSTILE_ORIGIN] } : {}),
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "https:", "data:", "blob:"],
      fontSrc: ["'self'"],
      connectSrc: dev ? ["'self'", "ws:"] : ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    strictTransportSecurity: "max-age=63072000; includeSubDomains; preload",
    referrerPolicy: "strict-origin-when-cross-origin",
    xFrameOptions: "DENY",
    xContentTypeOptions: "nosniff",
    permissionsPolicy: { camera: [], microphone: [], geolocation: ["self"] },
    crossOriginEmbedderPolicy: false,
  });
