import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { useForm } from "react-hook-form";
import {
  CONTACT_MESSAGE_MAX,
  CONTACT_MESSAGES,
  CONTACT_THANK_YOU_MS,
  type ContactInput,
  contactSchema,
} from "../../../worker/features/contact/schemas";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Textarea } from "../../components/ui/textarea";
import { toast } from "../../components/ui/use-toast";
import { sendContactMessage } from "./api";

const EMPTY: ContactInput = { name: "", email: "", message: "" };

/**
 * The 'Join the Mission' form for /about#contact (spec §5, §8): name and email required, message
 * optional; after sending, a thank-you panel for 5 seconds, then the form again.
 */
export function ContactForm() {
  const id = useId();
  const [thanked, setThanked] = useState(false);
  const form = useForm<ContactInput>({ resolver: zodResolver(contactSchema), defaultValues: EMPTY });
  const { errors } = form.formState;

  const send = useMutation({
    mutationFn: sendContactMessage,
    onSuccess: () => {
      toast(CONTACT_MESSAGES.success);
      form.reset(EMPTY);
      setThanked(true);
    },
    onError: () => toast({ ...CONTACT_MESSAGES.failure, variant: "destructive" }),
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

  const error = (name: keyof ContactInput) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className="text-sm text-clay-700">
        {errors[name]?.message}
      </p>
    ) : null;
  const a11y = (name: keyof ContactInput) => ({
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${id}-${name}-error` : undefined,
  });

  return (
    <form
      noValidate
      aria-label="Join the Mission"
      onSubmit={form.handleSubmit((values) => send.mutate(values))}
      className="grid gap-5 rounded-card border border-border bg-card p-6 shadow-sm sm:grid-cols-2 sm:p-8"
    >
      <div className="grid gap-2">
        <Label htmlFor={`${id}-name`}>Name</Label>
        <Input id={`${id}-name`} autoComplete="name" {...a11y("name")} {...form.register("name")} />
        {error("name")}
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-email`}>Email</Label>
        <Input id={`${id}-email`} type="email" autoComplete="email" {...a11y("email")} {...form.register("email")} />
        {error("email")}
      </div>
      <div className="grid gap-2 sm:col-span-2">
        <Label htmlFor={`${id}-message`}>Message (optional)</Label>
        <Textarea
          id={`${id}-message`}
          rows={5}
          maxLength={CONTACT_MESSAGE_MAX}
          placeholder="How would you like to help protect the wild?"
          {...a11y("message")}
          {...form.register("message")}
        />
        {error("message")}
      </div>
      <div className="sm:col-span-2">
        <Button type="submit" size="lg" disabled={send.isPending}>
          {send.isPending ? "Sending..." : "Send Message"}
        </Button>
      </div>
    </form>
  );
}
