import { useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useContext, useEffect, useMemo, useSyncExternalStore } from "react";
import { setAccessTokenGetter } from "../api";
import { type AuthListener, type AuthState, authClient, type Role, type Session } from "./auth-client";

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
  sendMagicLink(email: string, redirectTo?: string): Promise<void>;
  signInWithPassword(email: string, password: string): Promise<Session>;
  verifyMagicLink(token: string): Promise<{ session: Session; redirectTo: string | null }>;
  updatePassword(password: string, currentPassword?: string): Promise<void>;
  deleteAccount(confirmEmail: string): Promise<void>;
  onAuthStateChange(listener: AuthListener): () => void;
};

const AuthContext = createContext<AuthContextValue | null>(null);

/** What the Worker renders and the browser hydrates: the session is unknown until the refresh runs. */
const SERVER_STATE: AuthState = { session: null, role: null, loading: true };
const serverState = () => SERVER_STATE;

// Registered at import time so a request made before the provider mounts still waits for the session.
setAccessTokenGetter(({ refresh }) => authClient.getAccessToken({ refresh }));

export function AuthProvider({ children }: { children: ReactNode }) {
  const state = useSyncExternalStore(authClient.subscribeState, authClient.getState, serverState);
  const queryClient = useQueryClient();

  useEffect(() => {
    void authClient.start();
    // Cached member data belongs to the previous user: drop it when the user changes.
    return authClient.onAuthStateChange((event) => {
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
      getAccessToken: () => authClient.getAccessToken(),
      signOut: () => authClient.signOut(),
      sendMagicLink: (email, redirectTo) => authClient.sendMagicLink(email, redirectTo),
      signInWithPassword: (email, password) => authClient.signInWithPassword(email, password),
      verifyMagicLink: (token) => authClient.verifyMagicLink(token),
      updatePassword: async (password, currentPassword) => {
        await authClient.updatePassword(password, currentPassword);
        await queryClient.invalidateQueries({ queryKey: ["me"] });
      },
      deleteAccount: (confirmEmail) => authClient.deleteAccount(confirmEmail),
      onAuthStateChange: (listener) => authClient.onAuthStateChange(listener),
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
