import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import {
  CONTACT_MESSAGE_MAX,
  CONTACT_MESSAGES,
  CONTACT_NAME_MAX,
  CONTACT_THANK_YOU_MS,
  type ContactInput,
  contactSchema,
} from "#contract/contact/schemas";
import { BOT_CHECK_ACTIONS } from "#contract/platform/bot-check-rules";
import { Button } from "../../components/ui/button";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { Textarea } from "../../components/ui/textarea";
import { toast } from "../../components/ui/use-toast";
import { ApiError } from "../../lib/api-error";
import { useBotCheck } from "../../lib/bot-check";
import { useT } from "../../lib/i18n";
import { sendContactMessage } from "./api";

const EMPTY: ContactInput = { name: "", email: "", message: "" };

/**
 * A field's error in the page's language. The schema is shared with the Worker, so its messages are the English
 * ones (contract/contact/schemas.ts); each is told here by its text and said with the catalogue's words.
 */
function fieldError(t: ReturnType<typeof useT>["t"], message: string | undefined): string | undefined {
  switch (message) {
    case CONTACT_MESSAGES.nameRequired:
      return t("contact.errors.nameRequired");
    case CONTACT_MESSAGES.emailRequired:
      return t("contact.errors.emailRequired");
    case CONTACT_MESSAGES.emailInvalid:
      return t("contact.errors.emailInvalid");
    case `Name must be ${CONTACT_NAME_MAX} characters or less`:
      return t("contact.errors.nameTooLong", { max: CONTACT_NAME_MAX });
    case `Message must be ${CONTACT_MESSAGE_MAX} characters or less`:
      return t("contact.errors.messageTooLong", { max: CONTACT_MESSAGE_MAX });
    case "Name must not contain control characters":
      return t("contact.errors.nameControl");
    case "Message must not contain control characters":
      return t("contact.errors.messageControl");
    default:
      return message;
  }
}

/**
 * The 'Join the Mission' form for /about#contact (spec §5, §8): name and email required, message
 * optional; after sending, a thank-you panel for 5 seconds, then the form again.
 */
export function ContactForm() {
  const [thanked, setThanked] = useState(false);
  const { t } = useT();
  const form = useForm<ContactInput>({ resolver: zodResolver(contactSchema), defaultValues: EMPTY });
  const { errors } = form.formState;

  const bot = useBotCheck(BOT_CHECK_ACTIONS.contact);
  const send = useMutation({
    mutationFn: async (values: ContactInput) => sendContactMessage(values, await bot.headers()),
    onSettled: bot.reset,
    onSuccess: () => {
      toast({ title: t("contact.success.title"), description: t("contact.success.description") });
      form.reset(EMPTY);
      setThanked(true);
    },
    // A refused bot check says what to do (complete the check); any other failure is the spec's message.
    onError: (error) =>
      toast({
        title: t("contact.failure.title"),
        description: t("contact.failure.description"),
        ...(error instanceof ApiError && error.code.startsWith("bot_check") ? { description: error.message } : {}),
        variant: "destructive",
      }),
  });

  useEffect(() => {
    if (!thanked) return;
    const timer = setTimeout(() => setThanked(false), CONTACT_THANK_YOU_MS);
    return () => clearTimeout(timer);
  }, [thanked]);

  if (thanked) {
    return (
      <div role="status" className="rounded-card border border-forest-200 bg-forest-50 p-8 text-center">
        <p className="font-display text-2xl font-semibold text-forest-900">{t("contact.success.title")}</p>
        <p className="mt-2 text-muted-foreground">{t("contact.success.description")}</p>
      </div>
    );
  }

  return (
    <form
      noValidate
      aria-label={t("contact.form.label")}
      onSubmit={form.handleSubmit((values) => send.mutate(values))}
      {...bot.formProps}
      className="grid gap-5 rounded-card border border-border bg-card p-6 shadow-sm sm:grid-cols-2 sm:p-8"
    >
      <FormField label={t("contact.form.name")} error={fieldError(t, errors.name?.message)}>
        <Input autoComplete="name" {...form.register("name")} />
      </FormField>
      <FormField label={t("contact.form.email")} error={fieldError(t, errors.email?.message)}>
        <Input type="email" autoComplete="email" {...form.register("email")} />
      </FormField>
      <FormField
        label={t("contact.form.message")}
        error={fieldError(t, errors.message?.message)}
        className="sm:col-span-2"
      >
        <Textarea
          rows={5}
          maxLength={CONTACT_MESSAGE_MAX}
          placeholder={t("contact.form.placeholder")}
          {...form.register("message")}
        />
      </FormField>
      <div className="sm:col-span-2">
        {bot.widget}
        <Button type="submit" size="lg" disabled={send.isPending}>
          {send.isPending ? t("contact.form.sending") : t("contact.form.send")}
        </Button>
      </div>
    </form>
  );
}
