import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useRef, useState } from "react";
import type { Locale } from "#contract/i18n/locales";
import { BOT_CHECK_ACTIONS } from "#contract/platform/bot-check-rules";
import { localSignupMessage, signupMessages } from "#contract/subscribers/signup-messages";
import { EMAIL_MAX, escapeName, NAME_MAX, screenMaskedEmail, ZIP_FIELD_MAX } from "#contract/subscribers/signup-rules";
import { Button } from "../../components/ui/button";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { toast } from "../../components/ui/use-toast";
import { ApiError } from "../../lib/api";
import { useBotCheck } from "../../lib/bot-check";
import { errorText } from "../../lib/error-text";
import { useT } from "../../lib/i18n";
import { type SignupBody, signup } from "./api";
import { takeSignupAttempt } from "./client-rate-limit";
import { EmailLanguageChoice } from "./email-language-choice";
import { SignupSentPanel } from "./signup-sent-panel";

/**
 * The zod schema (and zod) load on first use of the form, not with the home page: zod is ~15 KB
 * gzip that most visits never need. Focusing the form starts the download.
 */
const loadSignupSchema = () => import("#contract/subscribers/schemas").then((m) => m.signupSchema);

type FormValues = { first_name: string; email: string; zip_code: string };
type Field = keyof FormValues;
type FieldErrors = Partial<Record<Field, string>>;
const EMPTY: FormValues = { first_name: "", email: "", zip_code: "" };
const FIELDS: Field[] = ["first_name", "email", "zip_code"];

/**
 * The weekly-action signup form (spec §5): rate limit, name, email, ZIP — checked in that order. The first
 * failure is the spec's toast; every failing field also says why under itself, and the first is focused
 * (decision 225). The same zod schema guards the API. Once sent, the form gives way to "Check your inbox"
 * with a resend button. The pages that host it (home, /actions) own the section, its heading and #signup.
 * Every word is in the page's language, and the emails' language is asked, the page's by default (issue 46).
 */
export function SignupForm() {
  const { t, locale: pageLocale } = useT();
  const MESSAGES = signupMessages(t);
  /** Which field a validation message belongs to (the API's 400 names none; it answers in the page's language). */
  const FIELD_OF: Record<string, Field> = {
    [MESSAGES.name.description]: "first_name",
    [MESSAGES.email.description]: "email",
    [MESSAGES.zip.description]: "zip_code",
  };
  /** The title that goes with a validation message, for the toast. */
  const errorTitle = (description: string) =>
    Object.values(MESSAGES).find((m) => m.description === description)?.title ?? MESSAGES.failure.title;
  const [emailLocale, setEmailLocale] = useState<Locale>(pageLocale);
  const [values, setValues] = useState<FormValues>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [checking, setChecking] = useState(false);
  const [sent, setSent] = useState<SignupBody | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const refs = {
    first_name: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    zip_code: useRef<HTMLInputElement>(null),
  };

  const bot = useBotCheck(BOT_CHECK_ACTIONS.signup);
  const showError = (error: unknown) => {
    const message = errorText(error, "");
    if (message.includes("already subscribed") || (error instanceof ApiError && error.code === "already_subscribed")) {
      toast({ ...MESSAGES.alreadySubscribed, variant: "destructive" });
    } else if (error instanceof ApiError && error.status === 429) {
      toast({ ...MESSAGES.rateLimited, variant: "destructive" });
    } else {
      toast({
        title: message ? errorTitle(message) : MESSAGES.failure.title,
        description: message || MESSAGES.failure.description,
        variant: "destructive",
      });
      const field = FIELD_OF[message];
      if (field && !sent) {
        setErrors({ [field]: message });
        refs[field].current?.focus();
      }
    }
  };
  const mutation = useMutation({
    mutationFn: async (body: SignupBody) => signup(body, await bot.headers()),
    onSettled: bot.reset,
    onSuccess: (_, body) => {
      toast(MESSAGES.success);
      setValues(EMPTY);
      setNotice(null);
      setSent(body);
    },
    onError: showError,
  });
  const resend = useMutation({
    mutationFn: async (body: SignupBody) => signup(body, await bot.headers()),
    onSettled: bot.reset,
    onSuccess: (answer, body) =>
      setNotice(
        answer.confirmation_sent
          ? t("subscribe.resend.sent", { email: screenMaskedEmail(body.email) })
          : t("subscribe.resend.notSent"),
      ),
    onError: (error) => {
      setNotice(null);
      showError(error);
    },
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending || checking) return;
    if (!takeSignupAttempt()) {
      toast({ ...MESSAGES.rateLimited, variant: "destructive" });
      return;
    }
    setChecking(true);
    let schema: Awaited<ReturnType<typeof loadSignupSchema>>;
    try {
      schema = await loadSignupSchema();
    } catch {
      toast({ ...MESSAGES.failure, variant: "destructive" });
      return;
    } finally {
      setChecking(false);
    }
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      // Every field's first problem, in the spec's order; the toast is the first of them.
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        // The schema's messages are the spec's English: shown in the page's language.
        if (FIELDS.includes(field) && !found[field]) found[field] = localSignupMessage(t, issue.message);
      }
      setErrors(found);
      const first = FIELDS.find((f) => found[f]);
      if (first) refs[first].current?.focus();
      const description = (first && found[first]) ?? MESSAGES.failure.description;
      toast({ title: errorTitle(description), description, variant: "destructive" });
      return;
    }
    setErrors({});
    const { first_name, email, zip_code } = parsed.data;
    mutation.mutate({
      first_name: escapeName(first_name),
      email,
      ...(zip_code ? { zip_code } : {}),
      locale: emailLocale,
    });
  }

  if (sent) {
    return (
      <SignupSentPanel
        maskedEmail={screenMaskedEmail(sent.email)}
        notice={notice}
        resending={resend.isPending}
        botWidget={bot.widget}
        onFocus={bot.formProps.onFocus}
        onResend={() => {
          setNotice(null);
          if (!takeSignupAttempt()) {
            toast({ ...MESSAGES.rateLimited, variant: "destructive" });
            return;
          }
          resend.mutate(sent);
        }}
        onStartOver={() => {
          setSent(null);
          setNotice(null);
        }}
      />
    );
  }

  const field = (name: Field, label: string, props: Partial<Parameters<typeof Input>[0]>) => (
    <FormField label={label} error={errors[name]}>
      <Input
        ref={refs[name]}
        name={name}
        value={values[name]}
        onChange={(e) => {
          const value = e.target.value;
          setValues((v) => ({ ...v, [name]: value }));
          if (errors[name]) setErrors(({ [name]: _, ...rest }) => rest);
        }}
        {...props}
      />
    </FormField>
  );

  return (
    <form
      noValidate
      onSubmit={(e) => void onSubmit(e)}
      onFocus={() => {
        void loadSignupSchema().catch(() => {});
        bot.formProps.onFocus();
      }}
      onInput={bot.formProps.onInput}
      aria-label={t("subscribe.form.label")}
      className="grid content-start gap-5 rounded-card border border-border bg-card p-6 shadow-sm sm:p-8"
    >
      {field("first_name", t("subscribe.form.firstName"), { autoComplete: "given-name", maxLength: NAME_MAX + 10 })}
      {field("email", t("subscribe.form.email"), {
        type: "email",
        autoComplete: "email",
        inputMode: "email",
        maxLength: EMAIL_MAX + 10,
      })}
      {field("zip_code", t("subscribe.form.zip"), {
        autoComplete: "postal-code",
        inputMode: "numeric",
        maxLength: ZIP_FIELD_MAX,
      })}
      <EmailLanguageChoice legend={t("subscribe.form.language")} value={emailLocale} onChange={setEmailLocale} />
      {bot.widget}
      <Button type="submit" size="lg" disabled={mutation.isPending || checking}>
        {mutation.isPending ? t("subscribe.form.submitting") : t("subscribe.form.submit")}
      </Button>
      <p className="text-sm text-muted-foreground">{t("subscribe.form.note")}</p>
    </form>
  );
}
