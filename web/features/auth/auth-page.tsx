import { type FormEvent, useState } from "react";
import { Link, Navigate, useSearchParams } from "react-router-dom";
import { isSafeRedirectPath } from "#contract/auth/redirect-path";
import { BOT_CHECK_ACTIONS } from "#contract/platform/bot-check-rules";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { Spinner } from "../../components/ui/spinner";
import { toast } from "../../components/ui/use-toast";
import { Island } from "../../islands/island";
import { useAuth } from "../../lib/auth/auth-provider";
import { useBotCheck } from "../../lib/bot-check";
import { cn } from "../../lib/cn";
import { errorText } from "../../lib/error-text";
import { useT } from "../../lib/i18n";
import { usePageTitle } from "../../lib/use-page-title";
import { routePath } from "../../pages";
import { CheckEmail } from "./check-email";
import { useSignInToasts } from "./messages";
import { PasskeySignIn } from "./passkeys-sign-in";

type Mode = "magic" | "password";

/** `?next=/admin/...` (set by guards) if it is a same-origin path; otherwise My Progress. */
function useNextPath(): string | undefined {
  const [params] = useSearchParams();
  const next = params.get("next");
  return next && isSafeRedirectPath(next) ? next : undefined;
}

export function AuthPage() {
  const { t } = useT();
  usePageTitle(t("page.auth.title"));
  const { user, loading } = useAuth();
  const next = useNextPath();
  const [sentTo, setSentTo] = useState<string | null>(null);

  // Spec §2: a signed-in user who opens /auth goes to My Progress (or back where a guard sent them from).
  if (user) return <Navigate to={next ?? routePath("myProgress")} replace />;

  return (
    <div className="mx-auto w-full max-w-lg px-4 py-12 sm:py-20">
      <Link
        to={routePath("home")}
        className="inline-flex items-center gap-1.5 rounded-md text-sm font-semibold text-forest-700 hover:text-forest-900"
      >
        <span aria-hidden="true">←</span> {t("account.signIn.back")}
      </Link>
      <Card className="mt-6">
        <CardContent>
          {loading ? (
            <>
              <h1 className="text-3xl font-semibold text-forest-900">{t("account.signIn.title")}</h1>
              <Spinner className="mt-6" label={t("account.signIn.checking")} />
            </>
          ) : sentTo ? (
            <CheckEmail email={sentTo} onUseDifferentEmail={() => setSentTo(null)} />
          ) : (
            <>
              <SignInForm next={next} onSent={setSentTo} />
              <PasskeySignIn />
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function SignInForm({ next, onSent }: { next: string | undefined; onSent: (email: string) => void }) {
  const { sendMagicLink, signInWithPassword } = useAuth();
  const { t } = useT();
  const SIGN_IN_TOASTS = useSignInToasts();
  const bot = useBotCheck(BOT_CHECK_ACTIONS.magicLink);
  const [mode, setMode] = useState<Mode>("magic");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const switchMode = (to: Mode) => {
    // Spec §4: toggling clears the password and the sent state.
    setMode(to);
    setPassword("");
    setError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!address || submitting) return;
    setError(null);
    if (mode === "password" && password === "") {
      setError(SIGN_IN_TOASTS.passwordRequired.description);
      toast({ ...SIGN_IN_TOASTS.passwordRequired, variant: "destructive" });
      return;
    }
    setSubmitting(true);
    try {
      if (mode === "magic") {
        await sendMagicLink(address, next, await bot.headers()).finally(bot.reset);
        toast(SIGN_IN_TOASTS.linkSent);
        onSent(address);
      } else {
        await signInWithPassword(address, password);
        // The page redirects itself once the provider reports the session.
        toast(SIGN_IN_TOASTS.welcomeBack);
      }
    } catch (err) {
      const message = errorText(err, SIGN_IN_TOASTS.tryAgain);
      setError(message);
      toast({
        title: mode === "magic" ? SIGN_IN_TOASTS.linkFailed : SIGN_IN_TOASTS.signInFailed,
        description: message,
        variant: "destructive",
      });
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-6" {...(mode === "magic" ? bot.formProps : {})}>
      <div>
        <h1 className="text-3xl font-semibold text-forest-900">{t("account.signIn.title")}</h1>
        <p className="mt-2 text-muted-foreground">{t("account.signIn.lead")}</p>
      </div>

      <fieldset className="grid grid-cols-2 gap-1 rounded-full bg-sand-100 p-1">
        <legend className="sr-only">{t("account.signIn.modeLegend")}</legend>
        {(
          [
            ["magic", t("account.signIn.modeMagic")],
            ["password", t("account.signIn.modePassword")],
          ] as const
        ).map(([value, label]) => (
          <button
            key={value}
            type="button"
            aria-pressed={mode === value}
            onClick={() => switchMode(value)}
            className={cn(
              "rounded-full px-4 py-2 text-sm font-semibold transition-colors",
              mode === value ? "bg-card text-forest-900 shadow-sm" : "text-forest-700 hover:text-forest-900",
            )}
          >
            {label}
          </button>
        ))}
      </fieldset>

      <FormField label={t("account.signIn.email")} className="gap-1.5">
        <Input
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder={t("account.signIn.emailPlaceholder")}
        />
      </FormField>

      {mode === "password" && (
        <FormField label={t("account.signIn.modePassword")} className="gap-1.5">
          <Input
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-invalid={error === SIGN_IN_TOASTS.passwordRequired.description ? true : undefined}
          />
        </FormField>
      )}

      {error && (
        <p role="alert" className="rounded-xl bg-clay-100 px-4 py-3 text-sm text-clay-700">
          {error}
        </p>
      )}

      {mode === "magic" ? bot.widget : null}
      <Button type="submit" size="lg" disabled={email.trim() === "" || submitting}>
        {submitting
          ? mode === "magic"
            ? t("account.signIn.sending")
            : t("account.signIn.signingIn")
          : mode === "magic"
            ? t("account.signIn.sendLink")
            : t("account.signIn.title")}
      </Button>

      <p className="text-sm text-muted-foreground">
        {mode === "magic" ? (
          t("account.signIn.magicHint")
        ) : (
          <>
            {t("account.signIn.forgot")}{" "}
            <button
              type="button"
              className="rounded font-semibold text-forest-700 underline underline-offset-2 hover:text-forest-900"
              onClick={() => switchMode("magic")}
            >
              {t("account.signIn.forgotLink")}
            </button>
            {t("account.signIn.forgotAfter")}
          </>
        )}
      </p>
    </form>
  );
}

/** /auth as the router renders it: the sign-in forms are one island (decision 205). */
export function AuthRoute() {
  return <Island name="auth" component={AuthPage} props={{}} hydrate="visible" />;
}
