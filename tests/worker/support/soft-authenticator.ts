import { isoBase64URL, isoCBOR } from "@simplewebauthn/server/helpers";

/**
 * A software WebAuthn authenticator for the worker tests: a real P-256 key per credential, "none"
 * attestation built as the spec lays it out (authenticator data, COSE key, CBOR), and real ES256
 * assertions. The server's verification runs unchanged against it.
 */

type Bytes = Uint8Array<ArrayBuffer>;
type Credential = { id: Bytes; keys: CryptoKeyPair; userHandle: string; counter: number };

const utf8 = (s: string): Bytes => new Uint8Array(new TextEncoder().encode(s));
const sha256 = async (data: Bytes): Promise<Bytes> => new Uint8Array(await crypto.subtle.digest("SHA-256", data));
const concat = (...parts: Uint8Array[]): Bytes => {
  const out = new Uint8Array(new ArrayBuffer(parts.reduce((n, p) => n + p.length, 0)));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
const uint32 = (n: number) => new Uint8Array([(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);

/** WebCrypto signs ECDSA as r||s; WebAuthn's ES256 signatures are DER. */
function derSignature(raw: Bytes): Bytes {
  const integer = (bytes: Uint8Array) => {
    let i = 0;
    while (i < bytes.length - 1 && bytes[i] === 0) i++;
    const trimmed = bytes.slice(i);
    const body = (trimmed[0] ?? 0) & 0x80 ? concat(new Uint8Array([0]), trimmed) : trimmed;
    return concat(new Uint8Array([0x02, body.length]), body);
  };
  const seq = concat(integer(raw.slice(0, 32)), integer(raw.slice(32)));
  return concat(new Uint8Array([0x30, seq.length]), seq);
}

// UP (user present) and UV (user verified); AT marks attested credential data.
const FLAGS_UP_UV = 0x05;
const FLAG_AT = 0x40;

export class SoftAuthenticator {
  readonly credentials: Credential[] = [];

  constructor(
    readonly rpId: string,
    readonly origin: string,
    private readonly flags = FLAGS_UP_UV,
  ) {}

  private clientData(type: string, challenge: string) {
    return utf8(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }));
  }

  /** navigator.credentials.create: answers RegistrationResponseJSON for the server's options. */
  async create(options: { challenge: string; user?: { id: string } }) {
    const keys = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
      "sign",
      "verify",
    ])) as CryptoKeyPair;
    const raw = new Uint8Array((await crypto.subtle.exportKey("raw", keys.publicKey)) as ArrayBuffer);
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, raw.slice(1, 33)],
        [-3, raw.slice(33, 65)],
      ]),
    );
    const id: Bytes = crypto.getRandomValues(new Uint8Array(new ArrayBuffer(16)));
    const authData = concat(
      await sha256(utf8(this.rpId)),
      new Uint8Array([this.flags | FLAG_AT]),
      uint32(0),
      new Uint8Array(16),
      new Uint8Array([0, id.length]),
      id,
      cose,
    );
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", authData],
      ]) as Parameters<typeof isoCBOR.encode>[0],
    );
    this.credentials.push({ id, keys, userHandle: options.user?.id ?? "", counter: 0 });
    const b64id = isoBase64URL.fromBuffer(id);
    return {
      id: b64id,
      rawId: b64id,
      type: "public-key" as const,
      clientExtensionResults: {},
      authenticatorAttachment: "platform" as const,
      response: {
        clientDataJSON: isoBase64URL.fromBuffer(this.clientData("webauthn.create", options.challenge)),
        attestationObject: isoBase64URL.fromBuffer(attestationObject),
        transports: ["internal"],
      },
    };
  }

  /** navigator.credentials.get with a discoverable credential: answers AuthenticationResponseJSON. */
  async get(options: { challenge: string }, credential = this.credentials.at(-1)) {
    if (!credential) throw new Error("the soft authenticator holds no credential");
    credential.counter += 1;
    const authData = concat(await sha256(utf8(this.rpId)), new Uint8Array([this.flags]), uint32(credential.counter));
    const clientDataJSON = this.clientData("webauthn.get", options.challenge);
    const signed = concat(authData, await sha256(clientDataJSON));
    const raw = new Uint8Array(
      await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, credential.keys.privateKey, signed),
    );
    const b64id = isoBase64URL.fromBuffer(credential.id);
    return {
      id: b64id,
      rawId: b64id,
      type: "public-key" as const,
      clientExtensionResults: {},
      authenticatorAttachment: "platform" as const,
      response: {
        clientDataJSON: isoBase64URL.fromBuffer(clientDataJSON),
        authenticatorData: isoBase64URL.fromBuffer(authData),
        signature: isoBase64URL.fromBuffer(derSignature(raw)),
        userHandle: credential.userHandle,
      },
    };
  }
}
