import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";

/**
 * scrypt (ARCHITECTURE.md §2: production Workers cap PBKDF2 far below OWASP's advice). N=2^15, r=8,
 * p=3 meets OWASP/ASVS 5 at about 32 MiB. The parameters are stored with each hash so the cost can
 * be raised later without invalidating existing passwords.
 */
const PARAMS = { N: 2 ** 15, r: 8, p: 3 } as const;
const KEY_LENGTH = 32;
const SALT_BYTES = 16;
// scrypt needs 128·N·r bytes (exactly 32 MiB here) plus 128·r·p for its buffers, just above node's
// default maxmem of 32 MiB, which would make every call fail with a memory-limit error. Twice the
// working set leaves room (64 MiB for today's parameters).
const maxmemFor = (N: number, r: number) => 2 * 128 * N * r;
// Upper bounds on stored parameters, so a tampered row cannot make verification exhaust the isolate
// (a Worker has 128 MB).
const MAX_N = 2 ** 16;
const MAX_R = 8;
const MAX_P = 16;

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }, keyLength: number) {
  const options: ScryptOptions = { ...params, maxmem: maxmemFor(params.N, params.r) };
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, keyLength, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** `scrypt$N$r$p$salt(base64)$hash(base64)` */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, PARAMS, KEY_LENGTH);
  return ["scrypt", PARAMS.N, PARAMS.r, PARAMS.p, salt.toString("base64"), key.toString("base64")].join("$");
}

function parse(stored: string) {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return null;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  const valid =
    Number.isInteger(params.N) &&
    params.N > 1 &&
    params.N <= MAX_N &&
    (params.N & (params.N - 1)) === 0 &&
    Number.isInteger(params.r) &&
    params.r >= 1 &&
    params.r <= MAX_R &&
    Number.isInteger(params.p) &&
    params.p >= 1 &&
    params.p <= MAX_P;
  if (!valid) return null;
  return { params, salt: Buffer.from(salt, "base64"), hash: Buffer.from(hash, "base64") };
}

/** Constant-time check of a password against a stored hash; false for malformed hashes. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed || parsed.hash.length === 0) return false;
  const key = await derive(password, parsed.salt, parsed.params, parsed.hash.length);
  return timingSafeEqual(key, parsed.hash);
}

/** True when a hash was made with weaker parameters than today's, so it should be re-hashed. */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.params.N < PARAMS.N || parsed.params.r < PARAMS.r || parsed.params.p < PARAMS.p;
}

// A fixed hash with the current parameters: checking a password against it costs the same as a
// real check, so an unknown email answers no faster than a wrong password (no account enumeration).
const DUMMY_HASH = `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$AAAAAAAAAAAAAAAAAAAAAA==$${"A".repeat(43)}=`;

export async function burnPasswordCheck(password: string): Promise<void> {
  await verifyPassword(password, DUMMY_HASH);
}
