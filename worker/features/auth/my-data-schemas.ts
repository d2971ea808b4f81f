import { z } from "zod";

/** Self-service data controls on My Progress (issue 16), shared by the form and DELETE /api/me. */
export const ACCOUNT_DELETION_MESSAGES = {
  confirmRequired: "Type your email address to confirm.",
  confirmMismatch: "That doesn't match the email address of this account.",
  lastAdmin: "You are the only admin. Make another account an admin before deleting yours.",
} as const;

export const deleteAccountSchema = z.object({
  confirm_email: z
    .string({ error: ACCOUNT_DELETION_MESSAGES.confirmRequired })
    .trim()
    .toLowerCase()
    .min(1, ACCOUNT_DELETION_MESSAGES.confirmRequired)
    .max(254, ACCOUNT_DELETION_MESSAGES.confirmMismatch),
});

/** The form's check: the same schema, plus "it is this account's address". */
export const deleteAccountFormSchema = (email: string) =>
  deleteAccountSchema.refine((v) => v.confirm_email === email.trim().toLowerCase(), {
    message: ACCOUNT_DELETION_MESSAGES.confirmMismatch,
    path: ["confirm_email"],
  });

/** GET /api/me/export: everything we hold about a member, as one JSON document. */
export type MyDataExport = {
  exported_at: string;
  profile: {
    id: string;
    email: string;
    role: "user" | "admin";
    has_password: boolean;
    email_verified_at: string | null;
    created_at: string;
  };
  sessions: { id: string; created_at: string; revoked_at: string | null; revoked_reason: string | null }[];
  sign_in_history: { action: string; method: string | null; ip_address: string | null; created_at: string }[];
  completions: { action_id: string | null; action_title: string | null; completed_at: string; notes: string | null }[];
  subscription: {
    first_name: string;
    email: string;
    zip_code: string | null;
    active: boolean;
    subscribed_at: string;
    unsubscribed_at: string | null;
    consent: { confirmed_at: string | null; ip_address: string | null; user_agent: string | null };
    emails_received: { campaign_kind: string; action_title: string | null; status: string; at: string }[];
  } | null;
};
