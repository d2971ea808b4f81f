import { openSecret as open, sealSecret as seal } from "../../../platform/secret-box";

/**
 * TOTP secrets in the shared secret box (worker/platform/secret-box.ts) under their own purpose. Rotating
 * JWT_SECRET makes stored secrets unreadable: those accounts use a recovery code or a passkey and enrol again
 * (docs/accounts.md).
 */
const PURPOSE = "earthkind:totp-secret:v1";

export const sealSecret = (jwtSecret: string, plain: string) => seal(jwtSecret, PURPOSE, plain);

export const openSecret = (jwtSecret: string, box: string) => open(jwtSecret, PURPOSE, box);
