import { and, isNotNull, lt, or } from "drizzle-orm";
import { magicLinkTokens, refreshTokens } from "../../db/schema";
import type { Db } from "../platform/db";

/** Expired or used sign-in tokens are useless after a day; keeping them only grows the table. */
export async function cleanupExpiredRows(db: Db, now: Date): Promise<{ magicLinks: number; refreshTokens: number }> {
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString();
  const [links, tokens] = await db.batch([
    db
      .delete(magicLinkTokens)
      .where(
        or(
          lt(magicLinkTokens.expiresAt, dayAgo),
          and(isNotNull(magicLinkTokens.usedAt), lt(magicLinkTokens.usedAt, dayAgo)),
        ),
      )
      .returning({ id: magicLinkTokens.id }),
    db.delete(refreshTokens).where(lt(refreshTokens.expiresAt, dayAgo)).returning({ id: refreshTokens.id }),
  ]);
  return { magicLinks: links.length, refreshTokens: tokens.length };
}
