import { Hono } from "hono";
import type { Config } from "./config";
import type { Db } from "./db";
import type { AppEnv } from "./env";

/** Set by the auth middleware on member and admin routes. */
export type AuthUser = { id: string; email: string; role: "user" | "admin"; sessionId: string };

export type AppBindings = {
  Bindings: AppEnv;
  Variables: { db: Db; config: Config; user: AuthUser };
};

/** Every feature's sub-app is created here so they share one set of context types. */
export const createRouter = () => new Hono<AppBindings>();
