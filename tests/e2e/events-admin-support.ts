import type { APIRequestContext, Page } from "@playwright/test";
import { signInAsAdmin as signInAdmin } from "./support";

/** A fresh admin, signed in through the real magic-link flow (see support.ts). */
export const signInAsAdmin = (page: Page, request: APIRequestContext) => signInAdmin(page, request, "events-admin");

/** The toast region (Radix labels it "Notifications"); only one toast shows at a time. */
export const toasts = (page: Page) => page.getByRole("region", { name: /Notifications/ });
