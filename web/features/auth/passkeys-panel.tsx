import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { PASSKEY_NAME_MAX } from "#contract/auth/passkey-messages";
import { Button } from "../../components/ui/button";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { toast } from "../../components/ui/use-toast";
import { read, signedInApi } from "../../lib/api";
import { errorText } from "../../lib/error-text";
import { formatTimestamp } from "../../lib/format-timestamp";
import { useT } from "../../lib/i18n";
import type { PasskeyWords } from "./passkeys-sign-in";

type Json = Parameters<typeof signedInApi.api.me.passkeys.$post>[0]["json"];
const PASSKEYS = ["me", "passkeys"] as const;

/** Runs the browser's passkey creation for the server's options; the WebAuthn helper loads only now. */
async function createPasskey(name: string | undefined, words: PasskeyWords) {
  const { browserSupportsWebAuthn, startRegistration } = await import("@simplewebauthn/browser");
  if (!browserSupportsWebAuthn()) throw new Error(words.unsupported);
  const options = await read(signedInApi.api.me.passkeys.registration.options.$post());
  let response: unknown;
  try {
    response = await startRegistration({ optionsJSON: options as never });
  } catch {
    throw new Error(words.cancelled);
  }
  return read(signedInApi.api.me.passkeys.$post({ json: { name, response } as Json }));
}

/** The account section's passkeys: add one with a name, rename or remove each (decision 193). */
export function PasskeysPanel() {
  const queryClient = useQueryClient();
  const { t } = useT();
  const list = useQuery({ queryKey: PASSKEYS, queryFn: () => read(signedInApi.api.me.passkeys.$get()) });
  const [name, setName] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["me"] });

  const add = async (e: FormEvent) => {
    e.preventDefault();
    // A blank name is no name: the server names the passkey after this browser and device.
    const trimmed = name.trim() || undefined;
    if (trimmed && trimmed.length > PASSKEY_NAME_MAX) return setError(t("account.passkey.nameTooLong"));
    setBusy(true);
    setError(undefined);
    try {
      await createPasskey(trimmed, {
        unsupported: t("account.passkey.unsupported"),
        cancelled: t("account.passkey.cancelled"),
      });
      setName("");
      toast({ title: t("account.passkeys.added"), description: t("account.passkeys.addedBody") });
      await refresh();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="passkeys-heading" className="mt-8 grid max-w-md gap-4">
      <div>
        <h3 id="passkeys-heading" className="font-semibold text-forest-900">
          {t("account.passkeys.title")}
        </h3>
        <p className="text-sm text-muted-foreground">{t("account.passkeys.lead")}</p>
      </div>
      {list.data && list.data.passkeys.length > 0 && (
        <ul className="grid gap-2">
          {list.data.passkeys.map((p) => (
            <PasskeyRow key={p.id} passkey={p} onChanged={refresh} />
          ))}
        </ul>
      )}
      <form onSubmit={add} noValidate className="grid gap-3">
        <FormField label={t("account.passkeys.name")} hint={t("account.passkeys.nameHint")} error={error}>
          <Input value={name} maxLength={PASSKEY_NAME_MAX} onChange={(e) => setName(e.target.value)} />
        </FormField>
        <div>
          <Button type="submit" variant="outline" disabled={busy}>
            {busy ? t("account.signIn.waitingPasskey") : t("account.passkeys.add")}
          </Button>
        </div>
      </form>
    </section>
  );
}

type Passkey = { id: string; name: string; created_at: string; last_used_at: string | null };

/** English keeps the admin's 'MMM d, yyyy h:mm a'; another language writes the moment its own way. */
function useStamp() {
  const { locale, tag } = useT();
  return (iso: string) =>
    locale === "en"
      ? formatTimestamp(iso)
      : new Intl.DateTimeFormat(tag, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}

function PasskeyRow({ passkey, onChanged }: { passkey: Passkey; onChanged: () => Promise<unknown> }) {
  const { t } = useT();
  const stamp = useStamp();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(passkey.name);
  const [error, setError] = useState<string | undefined>();
  const run = async (call: () => Promise<unknown>) => {
    setError(undefined);
    try {
      await call();
      setEditing(false);
      await onChanged();
    } catch (err) {
      setError(errorText(err));
    }
  };
  const rename = (e: FormEvent) => {
    e.preventDefault();
    void run(() =>
      read(signedInApi.api.me.passkeys[":id"].$patch({ param: { id: passkey.id }, json: { name: name.trim() } })),
    );
  };
  const remove = () => void run(() => read(signedInApi.api.me.passkeys[":id"].$delete({ param: { id: passkey.id } })));

  return (
    <li className="rounded-md border border-border p-3 text-sm">
      {editing ? (
        <form onSubmit={rename} noValidate className="grid gap-2">
          <FormField label={t("account.passkeys.newName", { name: passkey.name })} error={error}>
            <Input value={name} maxLength={PASSKEY_NAME_MAX} onChange={(e) => setName(e.target.value)} />
          </FormField>
          <div className="flex gap-2">
            <Button type="submit" size="sm">
              {t("account.passkeys.saveName")}
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => setEditing(false)}>
              {t("account.passkeys.cancel")}
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div>
            <p className="font-semibold text-foreground">{passkey.name}</p>
            <p className="text-muted-foreground">
              {t("account.passkeys.addedOn", { date: stamp(passkey.created_at) })}
              {passkey.last_used_at ? t("account.passkeys.lastUsed", { date: stamp(passkey.last_used_at) }) : ""}
            </p>
          </div>
          <div className="flex gap-2">
            <Button
              size="sm"
              variant="ghost"
              aria-label={t("account.passkeys.renameLabel", { name: passkey.name })}
              onClick={() => setEditing(true)}
            >
              {t("account.passkeys.rename")}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              aria-label={t("account.passkeys.removeLabel", { name: passkey.name })}
              onClick={remove}
            >
              {t("account.passkeys.remove")}
            </Button>
          </div>
          {error && (
            <p role="alert" className="w-full text-destructive">
              {error}
            </p>
          )}
        </div>
      )}
    </li>
  );
}
