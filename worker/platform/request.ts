import type { Context } from "hono";

/** The client IP as Cloudflare reports it; null in local tests without the header. */
export const clientIp = (c: Context) => c.req.header("CF-Connecting-IP") ?? null;

/**
 * The subject a per-client limit is keyed by: an IPv4 address as is, an IPv6 address by its /64
 * (one subscriber line gets a whole /64, so keying by the full address would let one client rotate
 * through billions of keys). IPv4-mapped IPv6 addresses count as their IPv4 address.
 */
export function clientSubject(ip: string | null): string {
  if (!ip) return "unknown";
  const value = ip.trim().toLowerCase();
  if (!value.includes(":")) return value;
  const mapped = /^(?:0{0,4}:){0,5}(?:::)?ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(value.replace(/^::/, ""));
  if (mapped?.[1]) return mapped[1];
  const [head = "", tail] = value.split("::", 2);
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const missing = tail === undefined ? 0 : Math.max(0, 8 - headGroups.length - tailGroups.length);
  const groups = [...headGroups, ...Array<string>(missing).fill("0"), ...tailGroups];
  const prefix = groups.slice(0, 4).map((g) => {
    const n = Number.parseInt(g || "0", 16);
    return Number.isFinite(n) ? n.toString(16) : "0";
  });
  return `${prefix.join(":")}::/64`;
}
