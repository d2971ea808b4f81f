import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { FormDialog } from "../../../components/form-dialog";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { Select } from "../../../components/ui/select";
import { toast } from "../../../components/ui/use-toast";
import { errorText } from "../../../lib/error-text";
import { recentActionsQuery, sendTestEmail } from "./admin-api";
import { adminDate } from "./admin-date";

const CURRENT = "current";

/** Sends the weekly email for one action (or the current one) to a single address. */
export function TestSendDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const actions = useQuery({ ...recentActionsQuery(), enabled: open });
  const [actionId, setActionId] = useState(CURRENT);
  const [email, setEmail] = useState("");
  const [lang, setLang] = useState<"" | "en" | "es">("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (email.trim() === "") {
      setError("Please enter an email address");
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const result = await sendTestEmail(email.trim(), actionId === CURRENT ? undefined : actionId, lang || undefined);
      toast({
        title: "Test Email Sent",
        description: result.campaign_id ? `Campaign ID: ${result.campaign_id}` : `Sent to ${email.trim()}`,
      });
      onOpenChange(false);
    } catch (err) {
      toast({
        title: "Test Send Failed",
        description: errorText(err, "Unable to send test email"),
        variant: "destructive",
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Send a Test Email"
      description="Send the weekly action email to one address to check how it looks."
      onSubmit={submit}
      submitLabel="Send Test"
      busy={busy}
    >
      <FormField label="Action">
        <Select value={actionId} onChange={(e) => setActionId(e.target.value)}>
          <option value={CURRENT}>Current weekly action</option>
          {(actions.data ?? []).map((a) => (
            <option key={a.id} value={a.id}>
              {a.title} ({a.start_date ? adminDate(a.start_date) : "no date"})
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label="Language">
        <Select
          value={lang}
          onChange={(e) => setLang(e.target.value === "es" ? "es" : e.target.value === "en" ? "en" : "")}
        >
          <option value="">The subscriber's language (English if not subscribed)</option>
          <option value="en">English</option>
          <option value="es">Spanish</option>
        </Select>
      </FormField>
      <FormField label="Email address" error={error ?? undefined}>
        <Input type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      </FormField>
    </FormDialog>
  );
}
