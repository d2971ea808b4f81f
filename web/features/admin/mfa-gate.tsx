import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Button } from "../../components/ui/button";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { Spinner } from "../../components/ui/spinner";
import { read, signedInApi } from "../../lib/api";
import type { Session } from "../../lib/auth/auth-client";
import { errorText } from "../../lib/error-text";
import { useT } from "../../lib/i18n";
import { usePageTitle } from "../../lib/use-page-title";
import { routePath } from "../../pages";

/** Whether the session's access token carries a second factor (`mfa_time`, decision 194). */
export function hasSecondFactor(session: Session | null): boolean {
  try {
    const payload = session?.access_token.split(".")[1] ?? "";
    const claims = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/"))) as { mfa_time?: unknown };
    return typeof claims.mfa_time === "number" && claims.mfa_time > 0;
  } catch {
    return false;
  }
}

/** The session store is already loaded on any signed-in page; importing it here costs no download. */
async function adopt(session: Session) {
  const { authClient } = await import("../../lib/auth/auth-client");
  authClient.adoptSession(session);
}

const mfaStatus = () => ({
  queryKey: ["me", "mfa"] as const,
  queryFn: () => read(signedInApi.api.auth.mfa.$get()),
  retry: false,
});

/**
 * Shown instead of the admin screens until the session has a second factor: the code prompt when an
 * authenticator app is set up, its set-up otherwise (the server answers 403 mfa_required meanwhile).
 */
export function AdminSecondFactor() {
  const { t } = useT();
  usePageTitle(t("account.mfaGate.title"));
  const status = useQuery(mfaStatus());
  return (
    <div className="mx-auto max-w-xl px-4 py-16 sm:px-6 lg:px-8">
      <div className="rounded-[var(--radius-card)] border border-border bg-card p-8">
        {status.isPending ? (
          <Spinner label={t("account.mfaGate.checkingFactor")} />
        ) : status.data?.totp === "confirmed" || (status.data?.passkeys ?? 0) > 0 ? (
          <ProofPrompt withCode={status.data?.totp === "confirmed"} />
        ) : (
          <TotpSetup />
        )}
      </div>
    </div>
  );
}

/**
 * The code form when an authenticator app is set up; a passkey is used by signing in with it on /auth
 * (that session has the factor). The passkey button is not repeated here: a component shared by the
 * /auth and admin chunks would add a chunk name to the entry's preload table, and the public pages'
 * critical bundle has no room left (README's figures).
 */
function ProofPrompt({ withCode }: { withCode: boolean }) {
  const { t } = useT();
  return (
    <div className="grid gap-4">
      <h1 className="text-2xl font-semibold text-forest-900">{t("account.mfaGate.title")}</h1>
      {withCode && <CodePrompt />}
      <p className="text-sm text-muted-foreground">{t("account.mfaGate.passkeyHint")}</p>
    </div>
  );
}

function CodePrompt() {
  const { t } = useT();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (code.trim().length < 6) return setError(t("account.mfa.codeRequired"));
    setBusy(true);
    setError(undefined);
    try {
      const { session } = await read(signedInApi.api.auth.mfa.totp.$post({ json: { code } }));
      await adopt(session);
    } catch (err) {
      setError(errorText(err));
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <p className="text-muted-foreground">{t("account.mfaGate.codeLead")}</p>
      <FormField label={t("account.mfaGate.code")} hint={t("account.mfaGate.codeHint")} error={error}>
        <Input
          autoComplete="one-time-code"
          inputMode="text"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoFocus
        />
      </FormField>
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? t("account.mfaGate.checking") : t("account.mfaGate.verify")}
        </Button>
      </div>
    </form>
  );
}

type Enrolment = { secret: string; otpauth_uri: string };

function TotpSetup() {
  const { t } = useT();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [confirmed, setConfirmed] = useState<{ session: Session; codes: string[] } | null>(null);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const start = async () => {
    setBusy(true);
    setError(undefined);
    try {
      setEnrolment(await read(signedInApi.api.auth.mfa.totp.enroll.$post()));
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    if (code.trim().length < 6) return setError(t("account.mfa.codeRequired"));
    setBusy(true);
    setError(undefined);
    try {
      const result = await read(signedInApi.api.auth.mfa.totp.confirm.$post({ json: { code } }));
      setConfirmed({ session: result.session, codes: result.recovery_codes });
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  if (confirmed) {
    return (
      <div className="grid gap-4">
        <h1 className="text-2xl font-semibold text-forest-900">{t("account.mfaGate.saveCodes")}</h1>
        <p className="text-muted-foreground">{t("account.mfaGate.saveCodesLead")}</p>
        <ul aria-label={t("account.mfaGate.codesList")} className="grid grid-cols-2 gap-2 font-mono text-sm">
          {confirmed.codes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <div>
          <Button onClick={() => void adopt(confirmed.session)}>{t("account.mfaGate.savedContinue")}</Button>
        </div>
      </div>
    );
  }

  return (
    <div className="grid gap-4">
      <h1 className="text-2xl font-semibold text-forest-900">{t("account.mfaGate.setupTitle")}</h1>
      <p className="text-muted-foreground">{t("account.mfaGate.setupLead")}</p>
      {!enrolment ? (
        <>
          {error && (
            <p role="alert" className="text-sm text-destructive">
              {error}{" "}
              <a className="font-semibold underline" href={`${routePath("auth")}?next=${routePath("admin")}`}>
                {t("account.mfaGate.signInAgain")}
              </a>
            </p>
          )}
          <div>
            <Button onClick={() => void start()} disabled={busy}>
              {t("account.mfaGate.setupApp")}
            </Button>
          </div>
        </>
      ) : (
        <form onSubmit={confirm} noValidate className="grid gap-4">
          <p>{t("account.mfaGate.addKey")}</p>
          <p>
            {t("account.mfaGate.key")} <code className="font-mono break-all">{enrolment.secret}</code>
          </p>
          <p className="text-sm break-all">
            <a className="underline" href={enrolment.otpauth_uri}>
              {enrolment.otpauth_uri}
            </a>
          </p>
          <FormField label={t("account.mfaGate.appCode")} error={error}>
            <Input
              autoComplete="one-time-code"
              inputMode="numeric"
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
          </FormField>
          <div>
            <Button type="submit" disabled={busy}>
              {busy ? t("account.mfaGate.checking") : t("account.mfaGate.turnOn")}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
