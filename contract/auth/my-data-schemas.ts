import { z } from "zod";
import type { myDataExportSchema } from "./responses";

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

/** "Download my data" (POST /api/me/exports, then its file): everything we hold about a member, as one JSON document. */
export type MyDataExport = z.output<typeof myDataExportSchema>;
