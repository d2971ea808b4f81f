import { and, eq, gt, lt } from "drizzle-orm";
import { webauthnChallenges } from "../../../../db/schema";
import type { Db } from "../../../platform/db";

/** A ceremony must finish within this: the browser's own timeout is 60 s, plus time to choose a passkey. */
export const CHALLENGE_TTL_SECONDS = 300;

type Purpose = "register" | "sign_in";

/** Keeps a challenge server-side (the client only echoes it back, signed); old ones are swept on the way. */
export async function storeChallenge(
  db: Db,
  challenge: string,
  purpose: Purpose,
  userId: string | null,
  now = new Date(),
) {
  await db.batch([
    db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now.toISOString())),
    db.insert(webauthnChallenges).values({
      challenge,
      purpose,
      userId,
      expiresAt: new Date(now.getTime() + CHALLENGE_TTL_SECONDS * 1000).toISOString(),
    }),
  ]);
}

/**
 * Spends a challenge: one DELETE … RETURNING, so it can succeed once, for the purpose (and the user)
 * it was issued to, before it expires. False for anything else.
 */
export async function consumeChallenge(
  db: Db,
  challenge: string,
  purpose: Purpose,
  userId: string | null,
  now = new Date(),
): Promise<boolean> {
  const [row] = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.purpose, purpose),
        gt(webauthnChallenges.expiresAt, now.toISOString()),
      ),
    )
    .returning({ userId: webauthnChallenges.userId });
  return row !== undefined && row.userId === userId;
}
