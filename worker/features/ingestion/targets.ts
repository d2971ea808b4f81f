/**
 * Which URLs a source request may go to (decision 180): http(s) only, and never this machine or a
 * private network named by an IP literal. Pure, so the unit tests run it on a table of URLs.
 *
 * The URL parser does the normalising: `127.1`, `0x7f.1`, `2130706433` and `0177.0.0.1` all have
 * the hostname `127.0.0.1`, and `[::ffff:127.0.0.1]` is `[::ffff:7f00:1]`. A name that resolves to
 * a private address cannot be caught here: a Worker cannot resolve DNS before it fetches.
 */

/** IPv4 ranges that are not the public internet: [first octets as a number, prefix length]. */
const PRIVATE_V4: [string, number][] = [
  ["0.0.0.0", 8], // "this network" (0.0.0.0 reaches the local host on many systems)
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, cloud metadata endpoints
  ["172.16.0.0", 12],
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.168.0.0", 16],
  ["198.18.0.0", 15], // benchmarking
  ["224.0.0.0", 3], // multicast, reserved, broadcast
];

const v4Number = (dotted: string) => dotted.split(".").reduce((n, part) => n * 256 + Number(part), 0);

/** The address of a canonical dotted IPv4 literal (what the URL parser leaves), else null. */
export function parseIpv4(host: string): number | null {
  if (!/^\d{1,3}(\.\d{1,3}){3}$/.test(host)) return null;
  const parts = host.split(".").map(Number);
  return parts.every((p) => p <= 255) ? v4Number(host) : null;
}

export function isPrivateIpv4(address: number): boolean {
  return PRIVATE_V4.some(([base, bits]) => {
    const size = 2 ** (32 - bits);
    return Math.floor(address / size) === Math.floor(v4Number(base) / size);
  });
}

/** The eight 16-bit groups of an IPv6 literal (brackets optional, embedded IPv4 allowed), else null. */
export function parseIpv6(literal: string): number[] | null {
  let text = literal.replace(/^\[|\]$/g, "").toLowerCase();
  if (!text.includes(":") || text.includes("%")) return null;
  const v4 = /^(.*:)(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (v4) {
    const n = parseIpv4(v4[2] as string);
    if (n === null) return null;
    text = `${v4[1]}${Math.floor(n / 65536).toString(16)}:${(n % 65536).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const groups = (part: string) => (part === "" ? [] : part.split(":"));
  const head = groups(halves[0] as string);
  const tail = halves.length === 2 ? groups(halves[1] as string) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (!all.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return all.map((g) => Number.parseInt(g, 16));
}

export function isPrivateIpv6(g: number[]): boolean {
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g6 = 0, h = 0] = g;
  const embeddedV4 = g6 * 65536 + h;
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0) {
    if (f === 0) return g6 === 0 || isPrivateIpv4(embeddedV4); // ::, ::1 (inside 0/8 and 127/8), IPv4-compatible
    if (f === 0xffff) return isPrivateIpv4(embeddedV4); // IPv4-mapped ::ffff:a.b.c.d
  }
  if (a === 0x64 && b === 0xff9b && c === 0 && d === 0 && e === 0 && f === 0) return isPrivateIpv4(embeddedV4); // NAT64
  if (a === 0x2002) return isPrivateIpv4(b * 65536 + c); // 6to4 carries an IPv4 address
  if ((a & 0xfe00) === 0xfc00) return true; // unique local fc00::/7
  if ((a & 0xffc0) === 0xfe80 || (a & 0xffc0) === 0xfec0) return true; // link-local fe80::/10, old site-local
  if ((a & 0xff00) === 0xff00) return true; // multicast
  return false;
}

/** Why a request to this host must not be made, or null when it may (a public name or address). */
export function hostRefusal(hostname: string): string | null {
  const host = hostname.toLowerCase().replace(/\.+$/, "");
  if (!host) return "it has no host";
  if (host === "localhost" || host.endsWith(".localhost")) return `${host} is this machine`;
  const v4 = parseIpv4(host);
  if (v4 !== null) return isPrivateIpv4(v4) ? `${host} is a private or loopback address` : null;
  if (host.startsWith("[") || host.includes(":")) {
    const v6 = parseIpv6(host);
    if (!v6) return `${host} is not a readable address`;
    return isPrivateIpv6(v6) ? `${host} is a private or loopback address` : null;
  }
  return null;
}

/** Why a source request to this URL is refused, or null when it may go out. */
export function targetRefusal(url: string | URL): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "it is not a URL";
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return `${parsed.protocol} URLs are not fetched`;
  return hostRefusal(parsed.hostname);
}
