// The passkey messages, dependency-free so the web screens show the same words.

export const PASSKEY_NAME_MAX = 60;

export const PASSKEY_MESSAGES = {
  signInFailed: "That passkey could not sign you in. Try again, or sign in with your email.",
  registrationFailed: "That passkey could not be added. Please try again.",
  nameRequired: "Please give the passkey a name.",
  nameTooLong: `A passkey's name can be at most ${PASSKEY_NAME_MAX} characters.`,
  notFound: "Passkey not found",
  cancelled: "No passkey was used. Try again when you are ready.",
  unsupported: "This browser cannot use passkeys.",
} as const;
