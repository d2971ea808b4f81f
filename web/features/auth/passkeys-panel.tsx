import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { PASSKEY_MESSAGES, PASSKEY_NAME_MAX } from "#contract/auth/passkey-messages";
import { Button } from "../../components/ui/button";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { toast } from "../../components/ui/use-toast";
import { read, signedInApi } from "../../lib/api";
import { errorText } from "../../lib/error-text";
import { formatTimestamp } from "../../lib/format-timestamp";

type Json = Parameters<typeof signedInApi.api.me.passkeys.$post>[0]["json"];
const PASSKEYS = ["me", "passkeys"] as const;

/** Runs the browser's passkey creation for the server's options; the WebAuthn helper loads only now. */
async function createPasskey(name: string | undefined) {
  const { browserSupportsWebAuthn, startRegistration } = await import("@simplewebauthn/browser");
  if (!browserSupportsWebAuthn()) throw new Error(PASSKEY_MESSAGES.unsupported);
  const options = await read(signedInApi.api.me.passkeys.registration.options.$post());
  let response: unknown;
  try {
    response = await startRegistration({ optionsJSON: options as never });
  } catch {
    throw new Error(PASSKEY_MESSAGES.cancelled);
  }
  return read(signedInApi.api.me.passkeys.$post({ json: { name, response } as Json }));
}

/** The account section's passkeys: add one with a name, rename or remove each (decision 193). */
export function PasskeysPanel() {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: PASSKEYS, queryFn: () => read(signedInApi.api.me.passkeys.$get()) });
  const [name, setName] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["me"] });

  const add = async (e: FormEvent) => {
    e.preventDefault();
    // A blank name is no name: the server names the passkey after this browser and device.
    const trimmed = name.trim() || undefined;
    if (trimmed && trimmed.length > PASSKEY_NAME_MAX) return setError(PASSKEY_MESSAGES.nameTooLong);
    setBusy(true);
    setError(undefined);
    try {
      await createPasskey(trimmed);
      setName("");
      toast({ title: "Passkey added", description: "You can now sign in with it, without an email." });
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
          Passkeys
        </h3>
        <p className="text-sm text-muted-foreground">
          Sign in with your fingerprint, face or device PIN instead of an email link. A passkey also counts as the
          second factor admin work needs.
        </p>
      </div>
      {list.data && list.data.passkeys.length > 0 && (
        <ul className="grid gap-2">
          {list.data.passkeys.map((p) => (
            <PasskeyRow key={p.id} passkey={p} onChanged={refresh} />
          ))}
        </ul>
      )}
      <form onSubmit={add} noValidate className="grid gap-3">
        <FormField
          label="Passkey name (optional)"
          hint="So you can tell your passkeys apart, e.g. “Work laptop”. Left blank, it is named after this browser and device."
          error={error}
        >
          <Input value={name} maxLength={PASSKEY_NAME_MAX} onChange={(e) => setName(e.target.value)} />
        </FormField>
        <div>
          <Button type="submit" variant="outline" disabled={busy}>
            {busy ? "Waiting for your passkey…" : "Add a passkey"}
          </Button>
        </div>
      </form>
    </section>
  );
}

type Passkey = { id: string; name: string; created_at: string; last_used_at: string | null };

function PasskeyRow({ passkey, onChanged }: { passkey: Passkey; onChanged: () => Promise<unknown> }) {
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
          <FormField label={`New name for ${passkey.name}`} error={error}>
            <Input value={name} maxLength={PASSKEY_NAME_MAX} onChange={(e) => setName(e.target.value)} />
          </FormField>
          <div className="flex gap-2">
            <Button type="submit" size="sm">
              Save name
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div>
            <p className="font-semibold text-foreground">{passkey.name}</p>
            <p className="text-muted-foreground">
              Added {formatTimestamp(passkey.created_at)}
              {passkey.last_used_at ? ` · last used ${formatTimestamp(passkey.last_used_at)}` : ""}
            </p>
          </div>
          <div className="flex gap-2">
            <Button size="sm" variant="ghost" aria-label={`Rename ${passkey.name}`} onClick={() => setEditing(true)}>
              Rename
            </Button>
            <Button size="sm" variant="ghost" aria-label={`Remove ${passkey.name}`} onClick={remove}>
              Remove
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
