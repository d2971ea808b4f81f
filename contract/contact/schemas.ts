import { z } from "zod";
import { looseEmail, plainText } from "../platform/rule-schemas";

/** The 'Join the Mission' form (spec §5), shared by the form and POST /api/contact. */
export const CONTACT_MESSAGES = {
  nameRequired: "Name is required",
  emailRequired: "Email is required",
  emailInvalid: "Please enter a valid email",
  success: { title: "Thank you for joining!", description: "We'll be in touch soon about ways to protect the wild." },
  failure: { title: "Error", description: "Failed to send your message. Please try again." },
} as const;

export const CONTACT_NAME_MAX = 100;
export const CONTACT_MESSAGE_MAX = 5000;
export const CONTACT_THANK_YOU_MS = 5000;

export const contactSchema = z.object({
  name: z
    .string({ error: CONTACT_MESSAGES.nameRequired })
    .trim()
    .min(1, CONTACT_MESSAGES.nameRequired)
    .max(CONTACT_NAME_MAX, `Name must be ${CONTACT_NAME_MAX} characters or less`)
    .apply(plainText("Name must not contain control characters")),
  email: z
    .string({ error: CONTACT_MESSAGES.emailRequired })
    .trim()
    .min(1, CONTACT_MESSAGES.emailRequired)
    // The spec's "simple something@something pattern".
    .apply(looseEmail(CONTACT_MESSAGES.emailInvalid)),
  message: z
    .string()
    .trim()
    .max(CONTACT_MESSAGE_MAX, `Message must be ${CONTACT_MESSAGE_MAX} characters or less`)
    .apply(plainText("Message must not contain control characters", { multiline: true }))
    .optional(),
});
export type ContactInput = z.input<typeof contactSchema>;
