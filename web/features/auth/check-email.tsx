import { Trans } from "@lingui/react";
import { Link } from "react-router-dom";
import { Button } from "../../components/ui/button";
import { useT } from "../../lib/i18n";
import { routePath } from "../../pages";

/** Shown after a magic link was sent (spec §2): 'Check your email!' with two ways on. */
export function CheckEmail({ email, onUseDifferentEmail }: { email: string; onUseDifferentEmail: () => void }) {
  const { t } = useT();
  return (
    <div className="text-center">
      <span className="mx-auto inline-flex size-14 items-center justify-center rounded-full bg-forest-100 text-forest-700">
        <svg className="size-7" viewBox="0 0 24 24" fill="none" aria-hidden="true">
          <path d="M3 6.5h18v11H3z" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
          <path d="m3.5 7 8.5 6.5L20.5 7" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
        </svg>
      </span>
      <h1 className="mt-5 text-3xl font-semibold text-forest-900">{t("account.toast.checkEmail")}</h1>
      <p className="mt-3 text-muted-foreground">
        <Trans
          id="account.checkEmail.body"
          values={{ email }}
          components={{ 0: <span className="font-semibold text-foreground break-all" /> }}
        />
      </p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
        <Button variant="outline" onClick={onUseDifferentEmail}>
          {t("account.checkEmail.differentEmail")}
        </Button>
        <Button asChild>
          <Link to={routePath("home")}>{t("account.checkEmail.continue")}</Link>
        </Button>
      </div>
    </div>
  );
}
