import { useState } from "react";
import { PASSKEY_MESSAGES } from "#contract/auth/passkey-messages";
import { Button } from "../../components/ui/button";
import { api, read } from "../../lib/api";
import { errorText } from "../../lib/error-text";

type Json = Parameters<(typeof api.api.auth.passkeys)["sign-in"]["$post"]>[0]["json"];

/**
 * Signs in with a passkey the browser offers for this site (a discoverable credential: no email typed).
 * The WebAuthn helper loads only when the button is pressed, so /auth's first load does not carry it.
 * The session then arrives like any sign-in's, and the page moves on (a signed-in visitor leaves /auth).
 */
export async function signInWithPasskey(): Promise<void> {
  const { browserSupportsWebAuthn, startAuthentication } = await import("@simplewebauthn/browser");
  if (!browserSupportsWebAuthn()) throw new Error(PASSKEY_MESSAGES.unsupported);
  const options = await read(api.api.auth.passkeys["sign-in"].options.$post());
  let response: unknown;
  try {
    response = await startAuthentication({ optionsJSON: options as never });
  } catch {
    // The person closed the browser's dialog or has no passkey here: nothing was sent.
    throw new Error(PASSKEY_MESSAGES.cancelled);
  }
  const { session } = await read(api.api.auth.passkeys["sign-in"].$post({ json: { response } as Json }));
  const { authClient } = await import("../../lib/auth/auth-client");
  authClient.adoptSession(session);
}

export function PasskeySignIn({ className }: { className?: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      await signInWithPasskey();
    } catch (err) {
      setError(errorText(err));
      setBusy(false);
    }
  };
  return (
    <div className={className ?? "mt-6 grid gap-2 border-t border-border pt-6"}>
      <Button type="button" variant="outline" size="lg" disabled={busy} onClick={() => void start()}>
        {busy ? "Waiting for your passkey…" : "Sign in with a passkey"}
      </Button>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
