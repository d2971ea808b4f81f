import { eq } from "drizzle-orm";
import type { Locale } from "#contract/i18n/locales";
import { users } from "../../../db/schema";
import type { Db } from "../../platform/db";

/** The language a member chose (users.locale, decision 270): every email to them is in it. Null: no account. */
export async function memberLocale(db: Db, email: string): Promise<Locale | null> {
  const [row] = await db.select({ locale: users.locale }).from(users).where(eq(users.email, email)).limit(1);
  return row?.locale ?? null;
}

/** The same, by the member's id; English for an account that is gone. */
export async function memberLocaleById(db: Db, userId: string): Promise<Locale> {
  const [row] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.locale ?? "en";
}
