import { zodResolver } from "@hookform/resolvers/zod";
import { Trans } from "@lingui/react";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { PASSWORD_MIN_LENGTH, REAUTH_WINDOW_MINUTES, setPasswordFormSchema } from "#contract/auth/schemas";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { Spinner } from "../../components/ui/spinner";
import { toast } from "../../components/ui/use-toast";
import { ApiError } from "../../lib/api";
import { useAuth } from "../../lib/auth/auth-provider";
import { meQuery } from "../../lib/auth/me-query";
import { errorText } from "../../lib/error-text";
import { useT } from "../../lib/i18n";
import { useFormMessage } from "./form-messages";
import { LanguageChoice } from "./language-choice";
import { MyDataSection } from "./my-data-section";
import { PasskeysPanel } from "./passkeys-panel";
import { SessionsSection } from "./sessions-section";

type FormValues = { current: string; password: string; confirm: string };

/** Server answers about the current password belong under its field, not in the form-wide alert. */
const CURRENT_PASSWORD_CODES = new Set(["current_password_required", "invalid_current_password"]);

/**
 * The account section of My Progress: the signed-in email, setting or changing a password (a
 * magic-link user may add one; "forgot password" is signing in by magic link and setting a new one),
 * and the member's data controls (download, delete).
 */
export function AccountSection() {
  const { user, updatePassword } = useAuth();
  const me = useQuery({ ...meQuery(), enabled: Boolean(user) });
  const { t } = useT();
  if (!user) return null;
  const hasPassword = me.data?.user.has_password ?? false;

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t("account.section.title")}</CardTitle>
        <CardDescription>
          <Trans
            id="account.section.signedInAs"
            values={{ email: user.email }}
            components={{ 0: <span className="font-semibold text-foreground" /> }}
          />
        </CardDescription>
      </CardHeader>
      <CardContent>
        {me.isPending ? (
          <Spinner label={t("account.section.loading")} />
        ) : (
          <PasswordForm email={user.email} hasPassword={hasPassword} onSubmit={updatePassword} />
        )}
        {me.data ? <LanguageChoice locale={me.data.user.locale} /> : null}
        <SessionsSection />
        <PasskeysPanel />
        <MyDataSection email={user.email} />
      </CardContent>
    </Card>
  );
}

function PasswordForm({
  email,
  hasPassword,
  onSubmit,
}: {
  email: string;
  hasPassword: boolean;
  onSubmit: (password: string, currentPassword?: string) => Promise<void>;
}) {
  const { t } = useT();
  const formMessage = useFormMessage();
  const schema = useMemo(() => setPasswordFormSchema(email), [email]);
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    resolver: zodResolver(schema),
    defaultValues: { current: "", password: "", confirm: "" },
  });

  const submit = handleSubmit(async ({ current, password }) => {
    setServerError(null);
    try {
      await onSubmit(password, hasPassword ? current : undefined);
      reset();
      toast({
        title: hasPassword ? t("account.password.changed") : t("account.password.set"),
        description: t("account.password.savedBody"),
      });
    } catch (err) {
      const message = errorText(err);
      if (err instanceof ApiError && CURRENT_PASSWORD_CODES.has(err.code)) {
        setError("current", { message }, { shouldFocus: true });
        return;
      }
      setServerError(message);
      toast({ title: t("account.password.failed"), description: message, variant: "destructive" });
    }
  });

  return (
    <form onSubmit={submit} noValidate className="grid max-w-md gap-4">
      <div>
        <h3 className="font-semibold text-forest-900">
          {hasPassword ? t("account.password.changeTitle") : t("account.password.setTitle")}
        </h3>
        <p className="text-sm text-muted-foreground">
          {hasPassword
            ? t("account.password.changeLead")
            : t("account.password.setLead", { minutes: REAUTH_WINDOW_MINUTES })}
        </p>
      </div>
      {hasPassword && (
        <FormField
          label={t("account.password.current")}
          hint={t("account.password.currentHint", { minutes: REAUTH_WINDOW_MINUTES })}
          error={formMessage(errors.current?.message)}
        >
          <Input type="password" autoComplete="current-password" {...register("current")} />
        </FormField>
      )}
      <FormField
        label={hasPassword ? t("account.password.new") : t("account.password.password")}
        hint={t("account.password.hint", { min: PASSWORD_MIN_LENGTH })}
        error={formMessage(errors.password?.message)}
      >
        <Input type="password" autoComplete="new-password" {...register("password")} />
      </FormField>
      <FormField label={t("account.password.confirm")} error={formMessage(errors.confirm?.message)}>
        <Input type="password" autoComplete="new-password" {...register("confirm")} />
      </FormField>
      {serverError && (
        <p role="alert" className="text-sm text-destructive">
          {serverError}
        </p>
      )}
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting
            ? t("account.password.saving")
            : hasPassword
              ? t("account.password.changeTitle")
              : t("account.password.setButton")}
        </Button>
      </div>
    </form>
  );
}
