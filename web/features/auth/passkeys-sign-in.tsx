import { useState } from "react";
import { Button } from "../../components/ui/button";
import { api, read } from "../../lib/api";
import { errorText } from "../../lib/error-text";
import { useT } from "../../lib/i18n";

/** What the browser's side of a passkey ceremony can say on its own, in the page's language. */
export type PasskeyWords = { unsupported: string; cancelled: string };

type Json = Parameters<(typeof api.api.auth.passkeys)["sign-in"]["$post"]>[0]["json"];

/**
 * Signs in with a passkey the browser offers for this site (a discoverable credential: no email typed).
 * The WebAuthn helper loads only when the button is pressed, so /auth's first load does not carry it.
 * The session then arrives like any sign-in's, and the page moves on (a signed-in visitor leaves /auth).
 */
export async function signInWithPasskey(words: PasskeyWords): Promise<void> {
  const { browserSupportsWebAuthn, startAuthentication } = await import("@simplewebauthn/browser");
  if (!browserSupportsWebAuthn()) throw new Error(words.unsupported);
  const options = await read(api.api.auth.passkeys["sign-in"].options.$post());
  let response: unknown;
  try {
    response = await startAuthentication({ optionsJSON: options as never });
  } catch {
    // The person closed the browser's dialog or has no passkey here: nothing was sent.
    throw new Error(words.cancelled);
  }
  const { session } = await read(api.api.auth.passkeys["sign-in"].$post({ json: { response } as Json }));
  const { authClient } = await import("../../lib/auth/auth-client");
  authClient.adoptSession(session);
}

export function PasskeySignIn({ className }: { className?: string }) {
  const { t } = useT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      await signInWithPasskey({
        unsupported: t("account.passkey.unsupported"),
        cancelled: t("account.passkey.cancelled"),
      });
    } catch (err) {
      setError(errorText(err));
      setBusy(false);
    }
  };
  return (
    <div className={className ?? "mt-6 grid gap-2 border-t border-border pt-6"}>
      <Button type="button" variant="outline" size="lg" disabled={busy} onClick={() => void start()}>
        {busy ? t("account.signIn.waitingPasskey") : t("account.signIn.passkey")}
      </Button>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
