import { Hono } from "hono";
import type { RequestIdVariables } from "hono/request-id";
import type { AuthMethod, SecondFactor } from "./access-token";
import type { Config } from "./config";
import type { Db } from "./db";
import type { AppEnv } from "./env";

/** Set by the auth middleware on member and admin routes. */
export type AuthUser = {
  id: string;
  email: string;
  role: "user" | "admin";
  sessionId: string;
  /** When this session signed in (Unix seconds, the token's auth_time) and how. */
  authTime: number;
  authMethod: AuthMethod | null;
  /** When the session last proved a second factor (Unix seconds, 0 if never) and how (decision 194). */
  mfaTime: number;
  mfaMethod: SecondFactor | null;
};

/** What an admin mutation affected, set by its handler for the one audit row (worker/features/security/admin-audit.ts). */
export type AuditTarget = { action?: string; table?: string; target?: Record<string, unknown> };

export type AppBindings = {
  Bindings: AppEnv;
  Variables: {
    db: Db;
    config: Config;
    user: AuthUser;
    auditTarget?: AuditTarget;
    /** The app itself, for a request made in process (the page renderer's API reads, decision 206). */
    appFetch: (request: Request) => Promise<Response>;
  } & RequestIdVariables;
};

/** Every feature's sub-app is created here so they share one set of context types. */
export const createRouter = () => new Hono<AppBindings>();
