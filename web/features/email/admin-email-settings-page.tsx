import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId } from "react";
import { Controller, useForm } from "react-hook-form";
import { z } from "zod";
import { type EmailSettings, emailSettingsSchema, welcomeTestSchema } from "#contract/email/schemas";
import { PageHeader } from "../../components/page-header";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Checkbox } from "../../components/ui/checkbox";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Spinner } from "../../components/ui/spinner";
import { toast } from "../../components/ui/use-toast";
import { usePageTitle } from "../../lib/use-page-title";
import {
  checkProviderConnection,
  emailConfigQuery,
  emailKeys,
  emailSettingsQuery,
  saveEmailSettings,
  sendWelcomeTest,
} from "./api";
import { SuppressionList } from "./suppression-list";

const TITLE = "Email Settings";

/** /admin/settings/email: configuration status, welcome-email settings, a welcome test send, suppressions. */
export function AdminEmailSettingsPage() {
  usePageTitle(TITLE);
  return (
    <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6 lg:px-8">
      <PageHeader
        title={TITLE}
        eyebrow="Admin"
        lead="Check the email configuration, adjust the welcome email, send a test and manage suppressed addresses."
      />
      <div className="mt-10 grid gap-8">
        <ConfigStatus />
        <WelcomeSettings />
        <WelcomeTest />
        <SuppressionList />
      </div>
    </div>
  );
}

function ConfigStatus() {
  const query = useQuery(emailConfigQuery());
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Configuration status</CardTitle>
        <CardDescription>
          Email environment variables of the Worker, as they apply to the chosen provider.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <Spinner label="Checking configuration…" />
        ) : query.isError ? (
          <p className="text-clay-700">Could not check the configuration: {query.error.message}</p>
        ) : query.data.missing_vars.length === 0 ? (
          <p className="text-forest-800">
            All required email settings are configured. Provider: <strong>{query.data.provider}</strong>.
          </p>
        ) : (
          <div className="grid gap-2">
            <p className="font-semibold text-clay-700">Missing environment variables</p>
            <ul className="list-inside list-disc">
              {query.data.missing_vars.map((name) => (
                <li key={name}>
                  <code className="font-mono">{name}</code>
                </li>
              ))}
            </ul>
            <p className="text-sm text-muted-foreground">Provider: {query.data.provider}</p>
          </div>
        )}
        <ProviderCheck />
      </CardContent>
    </Card>
  );
}

/** Asks the provider's API whether the key and sending domain work, without sending anything. */
function ProviderCheck() {
  const check = useMutation({ mutationFn: checkProviderConnection });
  return (
    <div className="mt-6 grid justify-items-start gap-3 border-t border-border pt-6">
      <Button type="button" variant="secondary" disabled={check.isPending} onClick={() => check.mutate()}>
        {check.isPending ? "Checking…" : "Check provider connection"}
      </Button>
      <div role="status" className="text-sm">
        {check.isError ? (
          <p className="text-clay-700">Could not check the provider: {check.error.message}</p>
        ) : check.data ? (
          <p className={check.data.ok ? "text-forest-800" : "text-clay-700"}>
            <strong>{check.data.ok ? "Connection OK" : "Connection failed"}</strong> ({check.data.provider}):{" "}
            {check.data.details}
          </p>
        ) : null}
      </div>
    </div>
  );
}

function WelcomeSettings() {
  const id = useId();
  const queryClient = useQueryClient();
  const query = useQuery(emailSettingsQuery());
  const form = useForm<EmailSettings>({ resolver: zodResolver(emailSettingsSchema) });
  useEffect(() => {
    if (query.data) form.reset(query.data);
  }, [query.data, form]);
  useEffect(() => {
    if (query.isError)
      toast({ title: "Failed to load email settings", description: query.error.message, variant: "destructive" });
  }, [query.isError, query.error]);

  const save = useMutation({
    mutationFn: saveEmailSettings,
    onSuccess: ({ settings }) => {
      queryClient.setQueryData(emailKeys.settings(), settings);
      toast({ title: "Settings saved", description: "The welcome email settings were updated." });
    },
    onError: (error) =>
      toast({ title: "Failed to save email settings", description: error.message, variant: "destructive" }),
  });
  const { errors } = form.formState;

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Welcome email</CardTitle>
        <CardDescription>Sent to new subscribers, at most once a day per address.</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <Spinner label="Loading email settings…" />
        ) : query.isError ? (
          <p className="text-clay-700">Failed to load email settings</p>
        ) : (
          <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))} className="grid gap-5">
            <div className="flex items-center gap-3">
              <Controller
                control={form.control}
                name="welcome_enabled"
                render={({ field }) => (
                  <Checkbox
                    id={`${id}-enabled`}
                    checked={field.value}
                    onCheckedChange={(checked) => field.onChange(checked === true)}
                  />
                )}
              />
              <Label htmlFor={`${id}-enabled`}>Send a welcome email to new subscribers</Label>
            </div>
            <FormField label="Subject" error={errors.welcome_subject?.message}>
              <Input {...form.register("welcome_subject")} />
            </FormField>
            <FormField
              label="Preview text"
              hint="Shown after the subject in most inboxes; hidden in the email itself."
              error={errors.welcome_preview_text?.message}
            >
              <Input {...form.register("welcome_preview_text")} />
            </FormField>
            <div>
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? "Saving..." : "Save Settings"}
              </Button>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}

const welcomeTestForm = welcomeTestSchema.extend({
  first_name: z.string().trim().max(50, "Name must be 50 characters or less"),
});
type WelcomeTestValues = z.input<typeof welcomeTestForm>;

function WelcomeTest() {
  const form = useForm<WelcomeTestValues>({
    resolver: zodResolver(welcomeTestForm),
    defaultValues: { email: "", first_name: "" },
  });
  const send = useMutation({
    mutationFn: (values: WelcomeTestValues) =>
      sendWelcomeTest({
        email: values.email,
        ...(values.first_name?.trim() ? { first_name: values.first_name.trim() } : {}),
      }),
    onSuccess: (result) => {
      if ("skipped" in result) {
        toast({ title: "Test skipped", description: result.message });
      } else {
        toast({ title: "Test Email Sent", description: `Campaign ${result.campaign_id}` });
      }
    },
    onError: (error) =>
      toast({ title: "Failed to send test email", description: error.message, variant: "destructive" }),
  });
  const { errors } = form.formState;

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Send a test welcome email</CardTitle>
        <CardDescription>
          Uses the saved settings and the current action. Skipped when a welcome email went to the address in the last
          24 hours.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          onSubmit={form.handleSubmit((values) => send.mutate(values))}
          className="grid gap-5 sm:grid-cols-2"
        >
          <FormField label="Email" error={errors.email?.message}>
            <Input type="email" autoComplete="email" {...form.register("email")} />
          </FormField>
          <FormField label="First name (optional)" error={errors.first_name?.message}>
            <Input autoComplete="given-name" {...form.register("first_name")} />
          </FormField>
          <div className="sm:col-span-2">
            <Button type="submit" variant="secondary" disabled={send.isPending}>
              {send.isPending ? "Sending..." : "Send Test Email"}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
