import { useMemo } from "react";
import { useT } from "../../lib/i18n";

/** The spec's sign-in toasts (§8), in one place for the sign-in and verify pages, in the page's language. */
export function useSignInToasts() {
  const { t } = useT();
  return useMemo(
    () => ({
      welcomeBack: { title: t("account.toast.welcomeBack"), description: t("account.toast.signedIn") },
      linkSent: { title: t("account.toast.checkEmail"), description: t("account.toast.linkSent") },
      signInFailed: t("account.toast.signInFailed"),
      linkFailed: t("account.toast.linkFailed"),
      passwordRequired: {
        title: t("account.error.passwordRequiredTitle"),
        description: t("account.error.passwordRequired"),
      },
      /** What a failure without a message of its own says. */
      tryAgain: t("account.toast.tryAgain"),
    }),
    [t],
  );
}
