import { useMemo } from "react";
import { AUTH_MESSAGES } from "#contract/auth/messages";
import { ACCOUNT_DELETION_MESSAGES } from "#contract/auth/my-data-schemas";
import { useT } from "../../lib/i18n";

/**
 * The shared schemas' messages (English, as the API and the spec say them) in the page's language, for the errors
 * zod gives the account forms. A message the map lacks is shown as it is.
 */
export function useFormMessage() {
  const { t } = useT();
  return useMemo(() => {
    const byEnglish = new Map<string, string>([
      [AUTH_MESSAGES.passwordTooShort, t("account.error.passwordTooShort")],
      [AUTH_MESSAGES.passwordTooLong, t("account.error.passwordTooLong")],
      [AUTH_MESSAGES.passwordIsEmail, t("account.error.passwordIsEmail")],
      [AUTH_MESSAGES.passwordsDontMatch, t("account.error.passwordsDontMatch")],
      [AUTH_MESSAGES.currentPasswordRequired, t("account.error.currentPasswordRequired")],
      [AUTH_MESSAGES.currentPasswordWrong, t("account.error.currentPasswordWrong")],
      [ACCOUNT_DELETION_MESSAGES.confirmRequired, t("account.error.confirmRequired")],
      [ACCOUNT_DELETION_MESSAGES.confirmMismatch, t("account.error.confirmMismatch")],
    ]);
    return (message: string | undefined) => (message === undefined ? undefined : (byEnglish.get(message) ?? message));
  }, [t]);
}
