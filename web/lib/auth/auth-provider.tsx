import { useQueryClient } from "@tanstack/react-query";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
} from "react";
import { setAccessTokenGetter } from "../access-token";
import { SiteContext } from "../site";
import type { AuthClient, AuthListener, AuthState, Role, Session } from "./auth-client";

export type AuthUser = { id: string; email: string };

export type AuthContextValue = {
  user: AuthUser | null;
  session: Session | null;
  /** True until the first session event (INITIAL_SESSION) after the page loads. */
  loading: boolean;
  isAdmin: boolean;
  role: Role | null;
  getAccessToken(): Promise<string | null>;
  signOut(): Promise<void>;
  /** `headers` carries the bot check's token (web/lib/bot-check.tsx). */
  sendMagicLink(email: string, redirectTo?: string, headers?: Record<string, string>): Promise<void>;
  signInWithPassword(email: string, password: string): Promise<Session>;
  verifyMagicLink(token: string): Promise<{ session: Session; redirectTo: string | null }>;
  updatePassword(password: string, currentPassword?: string): Promise<void>;
  deleteAccount(confirmEmail: string): Promise<void>;
  onAuthStateChange(listener: AuthListener): () => void;
};

const AuthContext = createContext<AuthContextValue | null>(null);

/** What the Worker renders, the browser hydrates, and every visitor sees until the session is known. */
const LOADING: AuthState = { session: null, role: null, loading: true };
/** The same for a page rendered for a request without a session cookie: signed out, known from the start. */
const SIGNED_OUT: AuthState = { session: null, role: null, loading: false };

/**
 * The session store (auth-client.ts, with the API client under it) is not needed to paint or hydrate a
 * page, only to apply the visitor's session after it, so it loads beside hydration rather than in the
 * entry chunk (decision 144). The browser starts fetching it at once; everything below waits for it.
 */
let loading: Promise<AuthClient> | null = null;
let loaded: AuthClient | null = null;
const stateListeners = new Set<() => void>();
function loadAuthClient(): Promise<AuthClient> {
  loading ??= import("./auth-client").then(({ authClient }) => {
    loaded = authClient;
    // No notification on load: the store starts in the state the page was hydrated with, and a
    // store change while React hydrates would make it finish hydrating in one blocking task.
    authClient.subscribeState(() => {
      for (const listener of stateListeners) listener();
    });
    return authClient;
  });
  return loading;
}
if (typeof document !== "undefined") void loadAuthClient();

const subscribeState = (listener: () => void) => {
  stateListeners.add(listener);
  return () => {
    stateListeners.delete(listener);
  };
};
/**
 * Until the store has an answer, the state the page was rendered with (`initial`); returning the same object
 * keeps React's snapshot stable.
 */
const readState = (initial: AuthState) => {
  const state = loaded?.getState();
  return !state || (state.loading && !state.session) ? initial : state;
};

/** Like `authClient.onAuthStateChange`, registered once the store has loaded (none is emitted before). */
function onAuthStateChange(listener: AuthListener): () => void {
  let unsubscribe: (() => void) | null = null;
  let cancelled = false;
  void loadAuthClient().then((client) => {
    if (!cancelled) unsubscribe = client.onAuthStateChange(listener);
  });
  return () => {
    cancelled = true;
    unsubscribe?.();
  };
}

const withClient =
  <A extends unknown[], R>(call: (client: AuthClient, ...args: A) => Promise<R>) =>
  async (...args: A): Promise<R> =>
    call(await loadAuthClient(), ...args);

// Registered at import time so a request made before the provider mounts still waits for the session.
setAccessTokenGetter(async ({ refresh }) => (await loadAuthClient()).getAccessToken({ refresh }));

export function AuthProvider({ children }: { children: ReactNode }) {
  const initial = useContext(SiteContext).signedIn === false ? SIGNED_OUT : LOADING;
  const getState = useCallback(() => readState(initial), [initial]);
  const serverState = useCallback(() => initial, [initial]);
  const state = useSyncExternalStore(subscribeState, getState, serverState);
  const queryClient = useQueryClient();

  useEffect(() => {
    void loadAuthClient().then((client) => client.start());
    // Cached member data belongs to the previous user: drop it when the user changes.
    return onAuthStateChange((event) => {
      if (event === "SIGNED_IN") queryClient.removeQueries({ queryKey: ["me"] });
      if (event === "SIGNED_OUT") queryClient.clear();
    });
  }, [queryClient]);

  const value = useMemo<AuthContextValue>(
    () => ({
      user: state.session ? state.session.user : null,
      session: state.session,
      loading: state.loading,
      role: state.role,
      isAdmin: state.role === "admin",
      getAccessToken: withClient((client) => client.getAccessToken()),
      signOut: withClient((client) => client.signOut()),
      sendMagicLink: withClient((client, email: string, redirectTo?: string, headers?: Record<string, string>) =>
        client.sendMagicLink(email, redirectTo, headers),
      ),
      signInWithPassword: withClient((client, email: string, password: string) =>
        client.signInWithPassword(email, password),
      ),
      verifyMagicLink: withClient((client, token: string) => client.verifyMagicLink(token)),
      updatePassword: async (password, currentPassword) => {
        await (await loadAuthClient()).updatePassword(password, currentPassword);
        await queryClient.invalidateQueries({ queryKey: ["me"] });
      },
      deleteAccount: withClient((client, confirmEmail: string) => client.deleteAccount(confirmEmail)),
      onAuthStateChange,
    }),
    [state, queryClient],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth must be used within an AuthProvider");
  return value;
}
