import { Hono } from "hono";
import type { RequestIdVariables } from "hono/request-id";
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
  authMethod: "password" | "magic_link" | null;
};

/** What an admin mutation affected, set by its handler for the one audit row (worker/features/security/admin-audit.ts). */
export type AuditTarget = { action?: string; table?: string; target?: Record<string, unknown> };

export type AppBindings = {
  Bindings: AppEnv;
  Variables: { db: Db; config: Config; user: AuthUser; auditTarget?: AuditTarget } & RequestIdVariables;
};

/** Every feature's sub-app is created here so they share one set of context types. */
export const createRouter = () => new Hono<AppBindings>();
