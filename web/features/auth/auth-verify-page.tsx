import { useMutation, useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { isSafeRedirectPath } from "#contract/auth/redirect-path";
import { BOT_CHECK_ACTIONS } from "#contract/platform/bot-check-rules";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { Spinner } from "../../components/ui/spinner";
import { type ToastOptions, toast } from "../../components/ui/use-toast";
import { useAuth } from "../../lib/auth/auth-provider";
import { useBotCheck } from "../../lib/bot-check";
import { errorText } from "../../lib/error-text";
import { useT } from "../../lib/i18n";
import { usePageTitle } from "../../lib/use-page-title";
import { routePath } from "../../pages";
import { CheckEmail } from "./check-email";
import { isRefusedLink, magicLinkQuery } from "./magic-link-api";
import { useSignInToasts } from "./messages";

/**
 * Where the emailed link lands. Opening the page signs nobody in, even in a browser that runs its scripts (the
 * link scanners of company mail do): it shows whose link it is and a button, and only the button's POST spends
 * the token (decision 215).
 */
export function AuthVerifyPage({
  afterSignIn,
}: {
  /** Runs once signed in, before the member is sent on; the toast it returns replaces "Welcome back!". */
  afterSignIn?: () => Promise<ToastOptions | null>;
}) {
  const { t } = useT();
  usePageTitle(t("page.authVerify.title"));
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  return (
    <div className="mx-auto w-full max-w-lg px-4 py-12 sm:py-20">
      <Card>
        <CardContent>
          {token ? (
            <SignInWithLink token={token} afterSignIn={afterSignIn} />
          ) : (
            <LinkProblem message={t("account.error.tokenMissing")} />
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function SignInWithLink({ token, afterSignIn }: { token: string; afterSignIn?: () => Promise<ToastOptions | null> }) {
  const { verifyMagicLink } = useAuth();
  const { t } = useT();
  const SIGN_IN_TOASTS = useSignInToasts();
  const navigate = useNavigate();
  const view = useQuery(magicLinkQuery(token));
  const signIn = useMutation({
    mutationFn: async () => {
      const signedIn = await verifyMagicLink(token);
      return { ...signedIn, message: (await afterSignIn?.()) ?? null };
    },
    onSuccess: ({ redirectTo, message }) => {
      toast(message ?? SIGN_IN_TOASTS.welcomeBack);
      navigate(redirectTo && isSafeRedirectPath(redirectTo) ? redirectTo : routePath("myProgress"), {
        replace: true,
      });
    },
  });

  if (signIn.isError) return <LinkProblem message={errorText(signIn.error, SIGN_IN_TOASTS.tryAgain)} />;
  if (view.isPending) return <Spinner label={t("account.verify.checking")} />;
  if (view.isError) return <LinkProblem message={errorText(view.error, SIGN_IN_TOASTS.tryAgain)} />;
  if (isRefusedLink(view.data)) return <LinkProblem message={view.data.refused} />;
  const label = t("account.verify.signInAs", { email: view.data.masked_email });
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-3xl font-semibold text-forest-900">{t("account.verify.title")}</h1>
        <p className="mt-3 text-muted-foreground">{t("account.verify.lead")}</p>
      </div>
      <Button disabled={signIn.isPending || signIn.isSuccess} onClick={() => signIn.mutate()}>
        {signIn.isPending || signIn.isSuccess ? t("account.verify.signingIn") : label}
      </Button>
    </div>
  );
}

/** An expired, used or broken link: say which, and offer a new one right here. */
function LinkProblem({ message }: { message: string }) {
  const { sendMagicLink } = useAuth();
  const { t } = useT();
  const SIGN_IN_TOASTS = useSignInToasts();
  const bot = useBotCheck(BOT_CHECK_ACTIONS.magicLink);
  const [email, setEmail] = useState("");
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  if (sentTo) return <CheckEmail email={sentTo} onUseDifferentEmail={() => setSentTo(null)} />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!address || sending) return;
    setSending(true);
    setSendError(null);
    try {
      await sendMagicLink(address, undefined, await bot.headers()).finally(bot.reset);
      toast(SIGN_IN_TOASTS.linkSent);
      setSentTo(address);
    } catch (err) {
      const failure = errorText(err, SIGN_IN_TOASTS.tryAgain);
      setSendError(failure);
      toast({ title: SIGN_IN_TOASTS.linkFailed, description: failure, variant: "destructive" });
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-3xl font-semibold text-forest-900">{t("account.verify.problemTitle")}</h1>
        <p role="alert" className="mt-3 text-muted-foreground">
          {message}
        </p>
      </div>
      <form onSubmit={submit} noValidate className="grid gap-4" {...bot.formProps}>
        <FormField label={t("account.signIn.email")} className="gap-1.5">
          <Input
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            placeholder={t("account.signIn.emailPlaceholder")}
          />
        </FormField>
        {sendError && (
          <p role="alert" className="rounded-xl bg-clay-100 px-4 py-3 text-sm text-clay-700">
            {sendError}
          </p>
        )}
        {bot.widget}
        <Button type="submit" disabled={email.trim() === "" || sending}>
          {sending ? t("account.signIn.sending") : t("account.verify.sendNew")}
        </Button>
      </form>
      <Link to={routePath("auth")} className="text-sm font-semibold text-forest-700 underline underline-offset-2">
        {t("account.verify.backToSignIn")}
      </Link>
    </div>
  );
}
