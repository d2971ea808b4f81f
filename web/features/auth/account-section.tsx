import { zodResolver } from "@hookform/resolvers/zod";
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
  if (!user) return null;
  const hasPassword = me.data?.user.has_password ?? false;

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Account</CardTitle>
        <CardDescription>
          Signed in as <span className="font-semibold text-foreground">{user.email}</span>
        </CardDescription>
      </CardHeader>
      <CardContent>
        {me.isPending ? (
          <Spinner label="Loading your account…" />
        ) : (
          <PasswordForm email={user.email} hasPassword={hasPassword} onSubmit={updatePassword} />
        )}
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
        title: hasPassword ? "Password changed" : "Password set",
        description: "You can now sign in with your email and password. Other devices have been signed out.",
      });
    } catch (err) {
      const message = errorText(err);
      if (err instanceof ApiError && CURRENT_PASSWORD_CODES.has(err.code)) {
        setError("current", { message }, { shouldFocus: true });
        return;
      }
      setServerError(message);
      toast({ title: "Failed to update password", description: message, variant: "destructive" });
    }
  });

  return (
    <form onSubmit={submit} noValidate className="grid max-w-md gap-4">
      <div>
        <h3 className="font-semibold text-forest-900">{hasPassword ? "Change password" : "Set a password"}</h3>
        <p className="text-sm text-muted-foreground">
          {hasPassword
            ? "Enter your current password, then choose a new one."
            : `Sign in with your email and a password instead of waiting for a magic link. For your security, a password can be set within ${REAUTH_WINDOW_MINUTES} minutes of signing in.`}
        </p>
      </div>
      {hasPassword && (
        <FormField
          label="Current password"
          hint={`Forgot it? Sign in with a magic link, then set a new password here within ${REAUTH_WINDOW_MINUTES} minutes and leave this empty.`}
          error={errors.current?.message}
        >
          <Input type="password" autoComplete="current-password" {...register("current")} />
        </FormField>
      )}
      <FormField
        label={hasPassword ? "New password" : "Password"}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters, and not your email address.`}
        error={errors.password?.message}
      >
        <Input type="password" autoComplete="new-password" {...register("password")} />
      </FormField>
      <FormField label="Confirm password" error={errors.confirm?.message}>
        <Input type="password" autoComplete="new-password" {...register("confirm")} />
      </FormField>
      {serverError && (
        <p role="alert" className="text-sm text-destructive">
          {serverError}
        </p>
      )}
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Saving…" : hasPassword ? "Change password" : "Set password"}
        </Button>
      </div>
    </form>
  );
}
