import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useMemo } from "react";
import { type FieldErrors, useForm } from "react-hook-form";
import { submissionMessagesIn } from "#contract/events/messages-in-language";
import {
  EMPTY_SUBMISSION,
  EVENT_CATEGORIES,
  type EventSubmission,
  type EventSubmissionInput,
  SUBMISSION_FIELDS,
  SUBMISSION_MAX_LENGTHS,
  SUBMISSION_REQUIRED_FIELDS,
  type SubmissionField,
  submissionSchemaWith,
} from "#contract/events/schemas";
import { BOT_CHECK_ACTIONS } from "#contract/platform/bot-check-rules";
import { PageHeader } from "../../components/page-header";
import { Button } from "../../components/ui/button";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { Select } from "../../components/ui/select";
import { Textarea } from "../../components/ui/textarea";
import { toast } from "../../components/ui/use-toast";
import { Island } from "../../islands/island";
import { ApiError } from "../../lib/api";
import { useBotCheck } from "../../lib/bot-check";
import { type MessageValues, useT } from "../../lib/i18n";
import { usePageMeta } from "../../lib/use-page-meta";
import { PAGES } from "../../pages";
import { submitEvent } from "./api";
import { categoryLabel } from "./labels";

type FormValues = EventSubmissionInput;

/** The form's field labels in the page's language. */
function fieldLabel(t: (id: string, values?: MessageValues) => string, field: SubmissionField): string {
  const labels: Record<SubmissionField, string> = {
    title: t("events.submit.label.title"),
    description: t("events.submit.label.description"),
    category: t("events.submit.label.category"),
    start_time: t("events.submit.label.start_time"),
    end_time: t("events.submit.label.end_time"),
    address: t("events.submit.label.address"),
    city: t("events.submit.label.city"),
    state: t("events.submit.label.state"),
    postal_code: t("events.submit.label.postal_code"),
    organizer_name: t("events.submit.label.organizer_name"),
    organizer_email: t("events.submit.label.organizer_email"),
    organizer_url: t("events.submit.label.organizer_url"),
    registration_url: t("events.submit.label.registration_url"),
    image_url: t("events.submit.label.image_url"),
    notes_for_moderator: t("events.submit.label.notes_for_moderator"),
  };
  return labels[field];
}

const required = (f: SubmissionField) => (SUBMISSION_REQUIRED_FIELDS as readonly string[]).includes(f);

/** A datetime-local value is wall time in the visitor's zone; the API gets an exact instant. */
const toInstant = (local: string) => (local ? new Date(local).toISOString() : "");

/** /submit-event: the event submission form (spec §5 validation, §8 messages). */
export function SubmitEventPage() {
  usePageMeta(PAGES.submitEvent.meta);
  const text = useT();
  const { t } = text;
  // The same schema as the API, in the page's language: the same first message, in the spec's order.
  const schema = useMemo(() => submissionSchemaWith(submissionMessagesIn(t)), [t]);
  const form = useForm<FormValues, unknown, EventSubmission>({
    defaultValues: EMPTY_SUBMISSION,
    resolver: zodResolver(schema),
    shouldFocusError: true,
  });
  const bot = useBotCheck(BOT_CHECK_ACTIONS.eventSubmission);
  const send = useMutation({
    mutationFn: async (values: EventSubmission) => submitEvent(values, await bot.headers()),
    onSettled: bot.reset,
  });

  const onValid = (values: EventSubmission) => {
    send.mutate(
      { ...values, start_time: toInstant(values.start_time), end_time: toInstant(values.end_time) },
      {
        onSuccess: (answer) => {
          toast({ title: t("events.submit.successTitle"), description: answer?.message || t("events.submit.success") });
          form.reset(EMPTY_SUBMISSION);
        },
        onError: (error) => {
          const message = error instanceof ApiError && error.status > 0 ? error.message : null;
          toast(
            message
              ? { title: t("events.submit.errorTitle"), description: message, variant: "destructive" }
              : {
                  title: t("events.submit.failedTitle"),
                  description: t("events.error.tryAgain"),
                  variant: "destructive",
                },
          );
        },
      },
    );
  };

  const onInvalid = (errors: FieldErrors<FormValues>) => {
    const first = SUBMISSION_FIELDS.map((f) => errors[f]?.message).find(Boolean);
    toast({
      title: t("events.submit.errorTitle"),
      description: first ?? t("events.submit.checkForm"),
      variant: "destructive",
    });
  };

  // The errors are announced by the toast (spec §8); the field only says it is invalid.
  const field = (name: SubmissionField) => ({
    "aria-invalid": form.formState.errors[name] ? true : undefined,
    ...form.register(name),
  });
  const label = (name: SubmissionField) => (
    <>
      {fieldLabel(t, name)}
      {required(name) ? (
        <span aria-hidden="true" className="text-clay-600">
          {" "}
          *
        </span>
      ) : (
        <span className="font-normal text-muted-foreground"> {t("events.submit.optional")}</span>
      )}
    </>
  );
  const state = form.register("state");

  return (
    <div className="mx-auto max-w-3xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
      <PageHeader
        eyebrow={t("events.submit.eyebrow")}
        title={t("events.submit.title")}
        lead={t("events.submit.lead")}
      />
      <form
        noValidate
        onSubmit={form.handleSubmit(onValid, onInvalid)}
        {...bot.formProps}
        className="mt-10 grid gap-6 rounded-card border border-border bg-card p-6 shadow-sm sm:p-8"
      >
        <p className="text-sm text-muted-foreground">
          {t("events.submit.requiredBefore")} <span aria-hidden="true">*</span>
          <span className="sr-only">{t("events.submit.requiredAsterisk")}</span> {t("events.submit.requiredAfter")}
        </p>
        <FormField label={label("title")}>
          <Input {...field("title")} maxLength={SUBMISSION_MAX_LENGTHS.title} aria-required="true" />
        </FormField>
        <FormField label={label("description")}>
          <Textarea {...field("description")} rows={5} maxLength={SUBMISSION_MAX_LENGTHS.description} />
        </FormField>
        <FormField label={label("category")}>
          <Select {...field("category")} aria-required="true">
            <option value="">{t("events.submit.chooseCategory")}</option>
            {EVENT_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {categoryLabel(text, c)}
              </option>
            ))}
          </Select>
        </FormField>
        <div className="grid gap-6 sm:grid-cols-2">
          <FormField label={label("start_time")}>
            <Input type="datetime-local" {...field("start_time")} aria-required="true" />
          </FormField>
          <FormField label={label("end_time")}>
            <Input type="datetime-local" {...field("end_time")} />
          </FormField>
        </div>
        <FormField label={label("address")}>
          <Input {...field("address")} autoComplete="address-line1" maxLength={SUBMISSION_MAX_LENGTHS.address} />
        </FormField>
        <div className="grid gap-6 sm:grid-cols-[2fr_1fr_1fr]">
          <FormField label={label("city")}>
            <Input {...field("city")} autoComplete="address-level2" aria-required="true" />
          </FormField>
          <FormField label={label("state")}>
            <Input
              {...field("state")}
              autoComplete="address-level1"
              maxLength={2}
              aria-required="true"
              className="uppercase"
              onChange={(e) => {
                // Uppercased as typed, at most two letters (spec §5).
                e.target.value = e.target.value.toUpperCase().slice(0, 2);
                state.onChange(e);
              }}
            />
          </FormField>
          <FormField label={label("postal_code")}>
            <Input
              {...field("postal_code")}
              autoComplete="postal-code"
              inputMode="numeric"
              maxLength={SUBMISSION_MAX_LENGTHS.postal_code}
            />
          </FormField>
        </div>
        <div className="grid gap-6 sm:grid-cols-2">
          <FormField label={label("organizer_name")}>
            <Input {...field("organizer_name")} autoComplete="organization" aria-required="true" />
          </FormField>
          <FormField label={label("organizer_email")}>
            <Input type="email" {...field("organizer_email")} autoComplete="email" aria-required="true" />
          </FormField>
        </div>
        <FormField label={label("registration_url")}>
          <Input type="url" {...field("registration_url")} placeholder="https://" aria-required="true" />
        </FormField>
        <div className="grid gap-6 sm:grid-cols-2">
          <FormField label={label("organizer_url")}>
            <Input type="url" {...field("organizer_url")} placeholder="https://" />
          </FormField>
          <FormField label={label("image_url")}>
            <Input type="url" {...field("image_url")} placeholder="https://" />
          </FormField>
        </div>
        <FormField label={label("notes_for_moderator")}>
          <Textarea {...field("notes_for_moderator")} rows={3} maxLength={SUBMISSION_MAX_LENGTHS.notes_for_moderator} />
        </FormField>
        <div>
          {bot.widget}
          <Button type="submit" size="lg" disabled={send.isPending}>
            {send.isPending ? t("events.submit.sending") : t("events.submit.send")}
          </Button>
        </div>
      </form>
    </div>
  );
}

/** /submit-event as the router renders it: the form is an island (decision 205). */
export function SubmitEventRoute() {
  return <Island name="submitEvent" component={SubmitEventPage} props={{}} hydrate="visible" />;
}
