import { type FormEvent, useContext, useState } from "react";
import { BOT_CHECK_ACTIONS } from "#contract/platform/bot-check-rules";
import { isEmail } from "#contract/platform/field-rules";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { ApiError } from "../../lib/api";
import { useBotCheck } from "../../lib/bot-check";
import { errorText } from "../../lib/error-text";
import { useT } from "../../lib/i18n";
import { SiteContext } from "../../lib/site";
import { requestMyReminder, requestReminder } from "./api";

/**
 * "Remind me" (decision 253): a signed-in member's tap sets the reminder at once; anyone else gives an address
 * and confirms it from the email. The answer's words are the server's, so the page says exactly what happened.
 */
export function RemindMe({ eventId, eventTitle }: { eventId: string; eventTitle: string }) {
  const { t } = useT();
  const signedIn = useContext(SiteContext).signedIn === true;
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const bot = useBotCheck(BOT_CHECK_ACTIONS.eventReminder);
  const fieldId = `remind-${eventId}`;

  const tap = async () => {
    if (!signedIn) return setOpen(true);
    setBusy(true);
    try {
      setDone((await requestMyReminder(eventId)).message);
    } catch (err) {
      // A session that ended: the address form instead.
      if (err instanceof ApiError && err.status === 401) setOpen(true);
      else setError(errorText(err, t("events.error.tryAgain")));
    } finally {
      setBusy(false);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = email.trim();
    if (!isEmail(value)) return setError(t("events.remind.msg.email"));
    setBusy(true);
    setError(null);
    try {
      setDone((await requestReminder({ event_id: eventId, email: value }, await bot.headers())).message);
    } catch (err) {
      setError(errorText(err, t("events.error.tryAgain")));
    } finally {
      bot.reset();
      setBusy(false);
    }
  };

  if (done)
    return (
      <p role="status" className="w-full rounded-xl bg-forest-50 p-3 text-sm text-forest-900">
        {done}
      </p>
    );
  if (!open)
    return (
      <div className="flex flex-col gap-1">
        <Button type="button" size="sm" variant="outline" onClick={tap} disabled={busy}>
          {t("events.remind.button")}
          <span className="sr-only"> {t("events.remind.about", { title: eventTitle })}</span>
        </Button>
        {error ? (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
      </div>
    );
  return (
    <form onSubmit={submit} noValidate className="grid w-full gap-2" {...bot.formProps}>
      <label htmlFor={fieldId} className="text-sm font-semibold text-forest-900">
        {t("events.remind.emailLabel")}
      </label>
      <Input
        id={fieldId}
        type="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${fieldId}-hint`}
        className="h-11"
      />
      <p id={`${fieldId}-hint`} className="text-xs text-muted-foreground">
        {t("events.remind.hint")}
      </p>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      {bot.widget}
      <Button type="submit" size="sm" disabled={busy}>
        {t("events.remind.button")}
      </Button>
    </form>
  );
}
