import { ApiError, type ApiResponse, api, read, signedInApi } from "../api";

/** The spec's auth events (§4); PASSWORD_RECOVERY and MFA have no counterpart here. */
export type AuthEvent = "INITIAL_SESSION" | "SIGNED_IN" | "SIGNED_OUT" | "TOKEN_REFRESHED" | "USER_UPDATED";
export type Session = ApiResponse<typeof api.api.auth.password.$post>["session"];
export type Role = "user" | "admin";
export type AuthState = { session: Session | null; role: Role | null; loading: boolean };
export type AuthListener = (event: AuthEvent, session: Session | null) => void;

/** Refresh this long before the access token expires, so requests never carry a stale one. */
const REFRESH_MARGIN_SECONDS = 60;
/** After a failed (network) refresh, try again this soon while the token is still usable. */
const RETRY_SECONDS = 15;
const CHANNEL = "earthkind-auth";
const LOCK = "earthkind-auth-refresh";
const INITIAL_RETRY_MS = 1000;

const nowSeconds = () => Date.now() / 1000;

/** The role the server put in the access token (it reads the profile on every issue). */
function roleOf(session: Session | null): Role | null {
  if (!session) return null;
  try {
    const payload = session.access_token.split(".")[1] ?? "";
    const json = atob(payload.replace(/-/g, "+").replace(/_/g, "/"));
    return (JSON.parse(json) as { role?: unknown }).role === "admin" ? "admin" : "user";
  } catch {
    return "user";
  }
}

type Message = { type: "signed_in" } | { type: "signed_out" };

/**
 * The browser's session store, outside React so the signed-in API client can ask it for tokens. The access token
 * lives only in memory; the refresh token is the HttpOnly cookie, so a reload restores the session
 * with one POST /api/auth/refresh. Refreshes are single-flight per tab and serialised across tabs
 * with a Web Lock, so tabs do not present the same cookie at once.
 */
export class AuthClient {
  private state: AuthState = { session: null, role: null, loading: true };
  private readonly listeners = new Set<AuthListener>();
  private readonly stateListeners = new Set<() => void>();
  private refreshing: Promise<Session | null> | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private channel: BroadcastChannel | null = null;
  private started: Promise<void> | null = null;

  getState = (): AuthState => this.state;

  subscribeState = (listener: () => void): (() => void) => {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  };

  /** Like the spec's auth-state subscription: called for every event with the new session. */
  onAuthStateChange(listener: AuthListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Restores the session from the cookie once; INITIAL_SESSION ends the loading state. */
  start(): Promise<void> {
    this.started ??= (async () => {
      if (typeof BroadcastChannel !== "undefined") {
        this.channel = new BroadcastChannel(CHANNEL);
        this.channel.onmessage = (e: MessageEvent<Message>) => this.onMessage(e.data);
      }
      // Timers are throttled in background tabs; catch up as soon as the tab is seen again.
      globalThis.document?.addEventListener("visibilitychange", () => {
        if (document.visibilityState === "visible" && this.state.session && this.expiresSoon()) {
          void this.refresh().catch(() => {});
        }
      });
      let session: Session | null = null;
      // A passing network or server fault on page load gets one retry before the visitor is shown
      // as signed out (the cookie survives such faults, so the next page load would restore it).
      for (let attempt = 0; attempt < 2; attempt++) {
        try {
          session = await this.refresh({ emit: false });
          break;
        } catch {
          if (attempt === 0) await new Promise((resolve) => setTimeout(resolve, INITIAL_RETRY_MS));
        }
      }
      this.set(session, "INITIAL_SESSION");
    })();
    return this.started;
  }

  /** The current access token, refreshed first when it is about to expire (or when asked to). */
  getAccessToken = async ({ refresh = false }: { refresh?: boolean } = {}): Promise<string | null> => {
    await this.start();
    if (refresh || (this.state.session && this.expiresSoon())) {
      try {
        return (await this.refresh())?.access_token ?? null;
      } catch {
        return this.usable() ? (this.state.session?.access_token ?? null) : null;
      }
    }
    return this.state.session?.access_token ?? null;
  };

  async sendMagicLink(email: string, redirectTo?: string, headers: Record<string, string> = {}): Promise<void> {
    await read(
      api.api.auth["magic-link"].$post(
        { json: { email, ...(redirectTo ? { redirect_to: redirectTo } : {}) } },
        { headers },
      ),
    );
  }

  async signInWithPassword(email: string, password: string): Promise<Session> {
    // A sign-in must land after the initial session read, or that read's "no session" would overwrite it.
    await this.start();
    const { session } = await read(api.api.auth.password.$post({ json: { email, password } }));
    this.signedIn(session);
    return session;
  }

  /** Exchanges a magic-link token (POST only, so link scanners cannot use it up). */
  async verifyMagicLink(token: string): Promise<{ session: Session; redirectTo: string | null }> {
    await this.start();
    const { session, redirect_to } = await read(api.api.auth.verify.$post({ json: { token } }));
    this.signedIn(session);
    return { session, redirectTo: redirect_to };
  }

  async updatePassword(password: string, currentPassword?: string) {
    const json = { password, ...(currentPassword ? { current_password: currentPassword } : {}) };
    const me = await read(signedInApi.api.me.password.$put({ json }));
    this.emit("USER_UPDATED");
    return me;
  }

  /** Deletes the account (DELETE /api/me); the server ends every session, this tab and the others sign out. */
  async deleteAccount(confirmEmail: string): Promise<void> {
    await read(signedInApi.api.me.$delete({ json: { confirm_email: confirmEmail } }));
    this.set(null, "SIGNED_OUT");
    this.post({ type: "signed_out" });
  }

  /**
   * Takes a session the server issued outside the sign-in calls (a second factor proved, a passkey
   * sign-in); other tabs refresh and get the same session's state from the server.
   */
  adoptSession(session: Session): void {
    this.signedIn(session);
  }

  async signOut(): Promise<void> {
    const token = this.state.session?.access_token;
    try {
      await read(
        api.api.auth["sign-out"].$post(undefined, token ? { headers: { Authorization: `Bearer ${token}` } } : {}),
      );
    } catch (err) {
      // The local sign-out happens regardless; the server session expires on its own.
      console.warn("sign-out request failed", err);
    } finally {
      this.set(null, "SIGNED_OUT");
      this.post({ type: "signed_out" });
    }
  }

  private signedIn(session: Session) {
    this.set(session, "SIGNED_IN");
    this.post({ type: "signed_in" });
  }

  private onMessage(message: Message) {
    if (message.type === "signed_out" && this.state.session) this.set(null, "SIGNED_OUT");
    if (message.type === "signed_in") void this.refresh().catch(() => {});
  }

  /**
   * One refresh at a time per tab (callers share the promise) and across tabs (Web Lock). Resolves
   * to null when the server says there is no session; rejects on network errors.
   */
  private refresh({ emit = true }: { emit?: boolean } = {}): Promise<Session | null> {
    this.refreshing ??= (async () => {
      try {
        const run = () => read(api.api.auth.refresh.$post());
        const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
        const { session } = locks ? await locks.request(LOCK, run) : await run();
        if (emit) {
          const had = this.state.session;
          if (session) this.set(session, had ? "TOKEN_REFRESHED" : "SIGNED_IN");
          else if (had) this.set(null, "SIGNED_OUT");
        }
        return session;
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) {
          if (emit && this.state.session) this.set(null, "SIGNED_OUT");
          return null;
        }
        if (this.state.session) this.schedule(RETRY_SECONDS);
        throw err;
      } finally {
        this.refreshing = null;
      }
    })();
    return this.refreshing;
  }

  private set(session: Session | null, event: AuthEvent) {
    this.state = { session, role: roleOf(session), loading: false };
    clearTimeout(this.timer);
    if (session) this.schedule(session.expires_at - nowSeconds() - REFRESH_MARGIN_SECONDS);
    this.emit(event);
  }

  private emit(event: AuthEvent) {
    for (const listener of this.stateListeners) listener();
    for (const listener of this.listeners) {
      try {
        listener(event, this.state.session);
      } catch (err) {
        console.error("auth listener failed", err);
      }
    }
  }

  private schedule(inSeconds: number) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.refresh().catch(() => {}), Math.max(1, inSeconds) * 1000);
  }

  private expiresSoon() {
    const session = this.state.session;
    return !session || session.expires_at - nowSeconds() < REFRESH_MARGIN_SECONDS;
  }

  private usable() {
    const session = this.state.session;
    return Boolean(session && session.expires_at - nowSeconds() > 5);
  }

  private post(message: Message) {
    this.channel?.postMessage(message);
  }
}

/** The one store of this page. */
export const authClient = new AuthClient();
