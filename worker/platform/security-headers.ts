import { secureHeaders } from "hono/secure-headers";

/**
 * One policy for every response the Worker makes. Admin-entered https image URLs are the one
 * allowed third-party origin (ARCHITECTURE.md §9); inline styles are allowed for Radix's
 * positioning style attributes, scripts never.
 */
export const securityHeaders = (dev: boolean) =>
  secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: dev ? ["'self'", "'unsafe-inline'"] : ["'self'"],
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
