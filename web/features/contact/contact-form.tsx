import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import {
  CONTACT_MESSAGE_MAX,
  CONTACT_MESSAGES,
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
import { sendContactMessage } from "./api";

const EMPTY: ContactInput = { name: "", email: "", message: "" };

/**
 * The 'Join the Mission' form for /about#contact (spec §5, §8): name and email required, message
 * optional; after sending, a thank-you panel for 5 seconds, then the form again.
 */
export function ContactForm() {
  const [thanked, setThanked] = useState(false);
  const form = useForm<ContactInput>({ resolver: zodResolver(contactSchema), defaultValues: EMPTY });
  const { errors } = form.formState;

  const bot = useBotCheck(BOT_CHECK_ACTIONS.contact);
  const send = useMutation({
    mutationFn: async (values: ContactInput) => sendContactMessage(values, await bot.headers()),
    onSettled: bot.reset,
    onSuccess: () => {
      toast(CONTACT_MESSAGES.success);
      form.reset(EMPTY);
      setThanked(true);
    },
    // A refused bot check says what to do (complete the check); any other failure is the spec's message.
    onError: (error) =>
      toast({
        ...CONTACT_MESSAGES.failure,
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
        <p className="font-display text-2xl font-semibold text-forest-900">{CONTACT_MESSAGES.success.title}</p>
        <p className="mt-2 text-muted-foreground">{CONTACT_MESSAGES.success.description}</p>
      </div>
    );
  }

  return (
    <form
      noValidate
      aria-label="Join the Mission"
      onSubmit={form.handleSubmit((values) => send.mutate(values))}
      {...bot.formProps}
      className="grid gap-5 rounded-card border border-border bg-card p-6 shadow-sm sm:grid-cols-2 sm:p-8"
    >
      <FormField label="Name" error={errors.name?.message}>
        <Input autoComplete="name" {...form.register("name")} />
      </FormField>
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...form.register("email")} />
      </FormField>
      <FormField label="Message (optional)" error={errors.message?.message} className="sm:col-span-2">
        <Textarea
          rows={5}
          maxLength={CONTACT_MESSAGE_MAX}
          placeholder="How would you like to help protect the wild?"
          {...form.register("message")}
        />
      </FormField>
      <div className="sm:col-span-2">
        {bot.widget}
        <Button type="submit" size="lg" disabled={send.isPending}>
          {send.isPending ? "Sending..." : "Send Message"}
        </Button>
      </div>
    </form>
  );
}
