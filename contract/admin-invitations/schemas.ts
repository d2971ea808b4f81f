import { z } from "zod";

/** The admin invitation's link (decision 235): what its page sends and the words it shows. */

export const ADMIN_INVITATION_MESSAGES = {
  tokenMissing: "This invitation link is incomplete. Ask for a new one.",
  invalid: "This invitation link is not valid. Ask the site's operator for a new one (npm run admin:invite).",
  used: "This invitation has already been used. Sign in instead, or ask for a new invitation.",
  expired: "This invitation has expired (they last 24 hours). Ask the site's operator for a new one.",
} as const;

export const acceptAdminInvitationSchema = z.object({
  token: z
    .string({ error: ADMIN_INVITATION_MESSAGES.tokenMissing })
    .trim()
    .min(1, ADMIN_INVITATION_MESSAGES.tokenMissing)
    .max(200),
});

/** How long an invitation stays usable. */
export const ADMIN_INVITATION_TTL_HOURS = 24;
