import { type FormEvent, useEffect, useState } from "react";
import { ADMIN_INVITATION_MESSAGES } from "#contract/admin-invitations/schemas";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { api, read } from "../../lib/api";
import { errorText } from "../../lib/error-text";
import { usePageTitle } from "../../lib/use-page-title";

/** The token rides in the link's fragment (#token=…), which browsers never send: no server log or Referer sees it. */
const tokenFromHash = (hash: string) => new URLSearchParams(hash.replace(/^#/, "")).get("token")?.trim() ?? "";

/**
 * Where an admin invitation's link lands (decision 235). Opening it changes nothing; the person accepts with a
 * click (a POST), which signs them in as an admin. The page then loads /admin, whose screens set up the second
 * factor (an authenticator app) before any of them opens.
 */
export function AcceptInvitationPage() {
  usePageTitle("Admin Invitation");
  const [token, setToken] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => setToken(tokenFromHash(window.location.hash)), []);

  const accept = async (event: FormEvent) => {
    event.preventDefault();
    if (!token || busy) return;
    setBusy(true);
    setError(null);
    try {
      await read(api.api["admin-invitations"].accept.$post({ json: { token } }));
      // A page load, so the session is restored from its new cookie; the link leaves the history.
      window.history.replaceState(null, "", window.location.pathname);
      window.location.assign("/admin");
    } catch (err) {
      setError(errorText(err, "The invitation could not be accepted. Please try again."));
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto w-full max-w-lg px-4 py-12 sm:py-20">
      <Card>
        <CardContent>
          <h1 className="text-3xl font-semibold text-forest-900">You're invited to run this site</h1>
          {token === "" ? (
            <p role="alert" className="mt-3 text-muted-foreground">
              {ADMIN_INVITATION_MESSAGES.tokenMissing}
            </p>
          ) : (
            <form onSubmit={accept} className="mt-4 grid gap-4">
              <p className="text-muted-foreground">
                Accepting signs you in and makes your account an admin. Next you set up an authenticator app (a second
                factor): admin screens open only after that. The invitation works once, for 24 hours.
              </p>
              {error && (
                <p role="alert" className="rounded-xl bg-clay-100 px-4 py-3 text-sm text-clay-700">
                  {error}
                </p>
              )}
              <div>
                <Button type="submit" disabled={!token || busy}>
                  {busy ? "Accepting…" : "Accept the invitation"}
                </Button>
              </div>
            </form>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
