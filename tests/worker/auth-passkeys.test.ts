import { decodeJwt } from "jose";
import { describe, expect, it } from "vitest";
import { api, config, enrolTotp, signIn } from "./helpers";
import { createUser } from "./support/factories";
import { SoftAuthenticator } from "./support/soft-authenticator";

type Json = Record<string, unknown>;
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const errorCode = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;
const site = () => new URL(config().SITE_URL);
const authenticator = (flags?: number) => new SoftAuthenticator(site().hostname, site().origin, flags);
const uniqueIp = () => ({ "CF-Connecting-IP": `203.0.113.${Math.floor(Math.random() * 250) + 1}` });

async function addPasskey(
  headers: Record<string, string>,
  device: SoftAuthenticator,
  name: string | null = "My laptop",
) {
  const options = await api("/api/me/passkeys/registration/options", { method: "POST", headers });
  if (options.status !== 200) return options;
  const response = await device.create((await options.json()) as { challenge: string; user: { id: string } });
  return api("/api/me/passkeys", { method: "POST", headers, json: name === null ? { response } : { name, response } });
}

async function passkeySignIn(
  device: SoftAuthenticator,
  tamper: (r: Json) => Json = (r) => r,
  extraHeaders: Record<string, string> = {},
) {
  const ip = { ...uniqueIp(), ...extraHeaders };
  const options = await api("/api/auth/passkeys/sign-in/options", { method: "POST", headers: ip });
  const response = await device.get((await options.json()) as { challenge: string });
  return api("/api/auth/passkeys/sign-in", { method: "POST", headers: ip, json: { response: tamper(response) } });
}

describe("passkeys", () => {
  it("a member adds, names, lists and renames a passkey, then signs in with it without an email", async () => {
    const user = await createUser();
    const { headers } = await signIn(user);
    const device = authenticator();
    const added = await addPasskey(headers, device);
    expect(added.status).toBe(201);
    const { passkey } = (await added.json()) as { passkey: { id: string; name: string } };
    expect(passkey.name).toBe("My laptop");
    const list = (await (await api("/api/me/passkeys", { headers })).json()) as { passkeys: Json[] };
    expect(list.passkeys).toEqual([expect.objectContaining({ id: passkey.id, name: "My laptop", last_used_at: null })]);

    const res = await passkeySignIn(device);
    expect(res.status).toBe(200);
    expect(res.headers.get("Set-Cookie")).toContain("__Host-earthkind_refresh=");
    const { session } = (await res.json()) as { session: { access_token: string; user: { email: string } } };
    expect(session.user.email).toBe(user.email);
    const claims = decodeJwt(session.access_token);
    expect(claims).toMatchObject({ sub: user.id, amr: ["passkey"] });
    expect(claims.mfa_time).toBeGreaterThan(0);

    // Renaming is a factor change: the passkey's own sign-in is the second factor it needs (decision 213).
    const rename = { method: "PATCH", json: { name: "Phone" } };
    expect((await api(`/api/me/passkeys/${passkey.id}`, { ...rename, headers })).status).toBe(403);
    const renamed = await api(`/api/me/passkeys/${passkey.id}`, { ...rename, headers: bearer(session.access_token) });
    expect(renamed.status).toBe(200);
    expect(((await renamed.json()) as { passkey: Json }).passkey).toMatchObject({ name: "Phone" });
  });

  it("counts as the second factor for admin work", async () => {
    const admin = await createUser({ role: "admin" });
    const { headers } = await signIn(admin, { secondFactor: false });
    const device = authenticator();
    expect((await addPasskey(headers, device)).status).toBe(201);
    const res = await passkeySignIn(device);
    const { session } = (await res.json()) as { session: { access_token: string } };
    expect((await api("/api/admin/actions", { headers: bearer(session.access_token) })).status).toBe(200);
  });

  it("spends each challenge once and refuses a replayed assertion", async () => {
    const { headers } = await signIn(await createUser());
    const device = authenticator();
    await addPasskey(headers, device);
    let first: Json | null = null;
    expect((await passkeySignIn(device, (r) => (first = r))).status).toBe(200);
    const replay = await api("/api/auth/passkeys/sign-in", {
      method: "POST",
      headers: uniqueIp(),
      json: { response: first },
    });
    expect(replay.status).toBe(401);
  });

  it("refuses an assertion made for another origin, or without user verification", async () => {
    const { headers } = await signIn(await createUser());
    const elsewhere = new SoftAuthenticator(site().hostname, "https://evil.example");
    const wrongOrigin = await addPasskey(headers, elsewhere);
    expect(wrongOrigin.status).toBe(400);
    expect(await errorCode(wrongOrigin)).toBe("passkey_refused");

    const presenceOnly = authenticator(0x01);
    const { headers: h2 } = await signIn(await createUser());
    expect((await addPasskey(h2, presenceOnly)).status).toBe(201);
    const res = await passkeySignIn(presenceOnly);
    expect(res.status).toBe(401);
  });

  it("needs a recent proof to add one: a sign-in, or the second factor when the account has one", async () => {
    const stale = await signIn(await createUser(), { at: minutesAgo(11) });
    const refused = await addPasskey(stale.headers, authenticator());
    expect(refused.status).toBe(403);
    expect(await errorCode(refused)).toBe("reauth_required");

    // With an authenticator app set up, a fresh sign-in alone cannot add a passkey (it would be a second factor).
    const user = await createUser();
    const first = await signIn(user);
    await enrolTotp(first.session.access_token);
    const second = await signIn(user);
    expect((await addPasskey(second.headers, authenticator())).status).toBe(403);
  });

  it("lets only the owner rename or remove a passkey; a removed one no longer signs in", async () => {
    const { headers } = await signIn(await createUser());
    const device = authenticator();
    const { passkey } = (await (await addPasskey(headers, device)).json()) as { passkey: { id: string } };
    const other = await signIn(await createUser());
    const path = `/api/me/passkeys/${passkey.id}`;
    expect((await api(path, { method: "DELETE", headers: other.headers })).status).toBe(404);
    expect((await api(path, { method: "PATCH", headers: other.headers, json: { name: "Mine" } })).status).toBe(404);
    // The owner removes it from a session that proved a second factor: the passkey's own sign-in.
    const signedIn = (await (await passkeySignIn(device)).json()) as { session: { access_token: string } };
    expect((await api(path, { method: "DELETE", headers: bearer(signedIn.session.access_token) })).status).toBe(200);
    expect((await passkeySignIn(device)).status).toBe(401);
  });

  it("answers 400 with the message for a blank name", async () => {
    const { headers } = await signIn(await createUser());
    const res = await api("/api/me/passkeys", { method: "POST", headers, json: { name: " ", response: {} } });
    expect(res.status).toBe(400);
  });

  it("names a passkey saved without a name, and its sign-in's session, after the same browser and device", async () => {
    const iphone =
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
    const user = await createUser();
    const { headers } = await signIn(user);
    const device = authenticator();
    const added = await addPasskey({ ...headers, "User-Agent": iphone }, device, null);
    expect(added.status).toBe(201);
    expect(((await added.json()) as { passkey: Json }).passkey).toMatchObject({ name: "Safari on iPhone" });

    // Issue 42: the passkey's session was "Unknown browser" beside the other sessions' "Safari".
    const res = await passkeySignIn(device, undefined, { "User-Agent": iphone });
    const { session } = (await res.json()) as { session: { access_token: string } };
    const list = await api("/api/me/sessions", { headers: bearer(session.access_token) });
    const { sessions } = (await list.json()) as { sessions: { browser: string | null; current: boolean }[] };
    expect(sessions.find((s) => s.current)).toMatchObject({ browser: "Safari on iPhone" });
  });
});
