import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useId, useRef, useState } from "react";
import { BOT_CHECK_ACTIONS } from "#contract/platform/bot-check-rules";
import {
  EMAIL_MAX,
  escapeName,
  NAME_MAX,
  SIGNUP_MESSAGES,
  signupErrorTitle,
  ZIP_FIELD_MAX,
} from "#contract/subscribers/signup-rules";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { toast } from "../../components/ui/use-toast";
import { ApiError } from "../../lib/api";
import { useBotCheck } from "../../lib/bot-check";
import { errorText } from "../../lib/error-text";
import { signup } from "./api";
import { takeSignupAttempt } from "./client-rate-limit";

/**
 * The zod schema (and zod) load on first use of the form, not with the home page: zod is ~15 KB
 * gzip that most visits never need. Focusing the form starts the download.
 */
const loadSignupSchema = () => import("#contract/subscribers/schemas").then((m) => m.signupSchema);

type FormValues = { first_name: string; email: string; zip_code: string };
type Field = keyof FormValues;
const EMPTY: FormValues = { first_name: "", email: "", zip_code: "" };

/** Which field a validation message belongs to, so it can be marked invalid and focused. */
const FIELD_OF: Record<string, Field> = {
  [SIGNUP_MESSAGES.name.description]: "first_name",
  [SIGNUP_MESSAGES.email.description]: "email",
  [SIGNUP_MESSAGES.zip.description]: "zip_code",
};

/**
 * The weekly-action signup form (spec §5): rate limit, name, email, ZIP — checked in that order,
 * each failure a toast with the spec's title and text; the same zod schema guards the API. The
 * pages that host it (home, /actions) own the section, its heading and the #signup anchor.
 */
export function SignupForm() {
  const id = useId();
  const [values, setValues] = useState<FormValues>(EMPTY);
  const [invalid, setInvalid] = useState<Field | null>(null);
  const [checking, setChecking] = useState(false);
  const refs = {
    first_name: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    zip_code: useRef<HTMLInputElement>(null),
  };

  const bot = useBotCheck(BOT_CHECK_ACTIONS.signup);
  const mutation = useMutation({
    mutationFn: async (body: Parameters<typeof signup>[0]) => signup(body, await bot.headers()),
    onSettled: bot.reset,
    onSuccess: () => {
      toast(SIGNUP_MESSAGES.success);
      setValues(EMPTY);
    },
    onError: (error) => {
      const message = errorText(error, "");
      if (message.includes("already subscribed")) {
        toast({ ...SIGNUP_MESSAGES.alreadySubscribed, variant: "destructive" });
      } else if (error instanceof ApiError && error.status === 429) {
        toast({ ...SIGNUP_MESSAGES.rateLimited, variant: "destructive" });
      } else {
        toast({
          title: message ? signupErrorTitle(message) : SIGNUP_MESSAGES.failure.title,
          description: message || SIGNUP_MESSAGES.failure.description,
          variant: "destructive",
        });
      }
    },
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending || checking) return;
    if (!takeSignupAttempt()) {
      toast({ ...SIGNUP_MESSAGES.rateLimited, variant: "destructive" });
      return;
    }
    setChecking(true);
    let schema: Awaited<ReturnType<typeof loadSignupSchema>>;
    try {
      schema = await loadSignupSchema();
    } catch {
      toast({ ...SIGNUP_MESSAGES.failure, variant: "destructive" });
      return;
    } finally {
      setChecking(false);
    }
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      const description = parsed.error.issues[0]?.message ?? SIGNUP_MESSAGES.failure.description;
      const field = FIELD_OF[description] ?? null;
      setInvalid(field);
      if (field) refs[field].current?.focus();
      toast({ title: signupErrorTitle(description), description, variant: "destructive" });
      return;
    }
    setInvalid(null);
    const { first_name, email, zip_code } = parsed.data;
    mutation.mutate({ first_name: escapeName(first_name), email, ...(zip_code ? { zip_code } : {}) });
  }

  const field = (name: Field, label: string, props: Partial<Parameters<typeof Input>[0]>) => (
    <div className="grid gap-2">
      <Label htmlFor={`${id}-${name}`}>{label}</Label>
      <Input
        ref={refs[name]}
        id={`${id}-${name}`}
        name={name}
        value={values[name]}
        aria-invalid={invalid === name || undefined}
        onChange={(e) => {
          const value = e.target.value;
          setValues((v) => ({ ...v, [name]: value }));
          if (invalid === name) setInvalid(null);
        }}
        {...props}
      />
    </div>
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
      aria-label="Sign up for weekly actions"
      className="grid content-start gap-5 rounded-card border border-border bg-card p-6 shadow-sm sm:p-8"
    >
      <>
        {field("first_name", "First name", { autoComplete: "given-name", maxLength: NAME_MAX + 10 })}
        {field("email", "Email", {
          type: "email",
          autoComplete: "email",
          inputMode: "email",
          maxLength: EMAIL_MAX + 10,
        })}
        {field("zip_code", "ZIP code (optional, for local events)", {
          autoComplete: "postal-code",
          inputMode: "numeric",
          maxLength: ZIP_FIELD_MAX,
        })}
        {bot.widget}
        <Button type="submit" size="lg" disabled={mutation.isPending || checking}>
          {mutation.isPending ? "Signing Up..." : "Sign Up for Weekly Actions"}
        </Button>
        <p className="text-sm text-muted-foreground">One email a week. Unsubscribe anytime with one click.</p>
      </>
    </form>
  );
}
