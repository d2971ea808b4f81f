import { useMutation, useQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router-dom";
import { routePath } from "../../../worker/features/spa/route-table";
import { PageHeader } from "../../components/page-header";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Spinner } from "../../components/ui/spinner";
import { usePageTitle } from "../../lib/use-page-title";
import { confirmationQuery, confirmSubscription } from "./api";

const TITLE = "Confirm Your Subscription";
const INVALID = "This confirmation link is invalid or has expired. Please sign up again.";

/**
 * /subscribe/confirm?token= — the "confirm you want the weekly email again" link of a returning
 * address. Opening it changes nothing (mail scanners open links); only the button does, with a POST.
 */
export function ConfirmSubscriptionPage() {
  usePageTitle(TITLE);
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6 sm:py-24 lg:px-8">
      <PageHeader
        title={TITLE}
        eyebrow="Weekly actions"
        lead="Get one simple nature action in your inbox every Monday morning."
      />
      <div className="mt-10">{token ? <Confirm token={token} /> : <Problem message={INVALID} />}</div>
    </div>
  );
}

function Problem({ message }: { message: string }) {
  return (
    <Card role="alert" className="border-clay-500/40 bg-clay-50">
      <CardContent className="grid gap-3">
        <h2 className="text-xl font-semibold text-clay-700">{message}</h2>
        <p className="text-muted-foreground">
          <Link to={routePath("actions")} className="font-semibold text-forest-700 underline underline-offset-4">
            Sign up on the Weekly Actions page
          </Link>{" "}
          to get a new link.
        </p>
      </CardContent>
    </Card>
  );
}

function Confirm({ token }: { token: string }) {
  const query = useQuery(confirmationQuery(token));
  const mutation = useMutation({ mutationFn: () => confirmSubscription(token) });

  if (query.isPending) return <Spinner label="Checking your link…" />;
  if (query.isError && !mutation.isSuccess) return <Problem message={query.error.message || INVALID} />;
  if (mutation.isSuccess) {
    return (
      <Card>
        <CardContent className="grid gap-3">
          <h2 className="text-xl font-semibold text-forest-900">{mutation.data.message}</h2>
          <p className="text-muted-foreground">Your next weekly action arrives on Monday morning.</p>
        </CardContent>
      </Card>
    );
  }
  return (
    <Card>
      <CardContent className="grid gap-5">
        <h2 className="text-xl font-semibold text-forest-900">
          Send the weekly email to {query.data?.masked_email} again?
        </h2>
        <p className="text-muted-foreground">
          Hi {query.data?.first_name}, this address unsubscribed earlier. Press the button to start getting the weekly
          action again; if you did not ask for this, just close this page.
        </p>
        {mutation.isError ? (
          <p role="alert" className="text-clay-700">
            {mutation.error.message || INVALID}
          </p>
        ) : null}
        <div>
          <Button disabled={mutation.isPending} onClick={() => mutation.mutate()}>
            {mutation.isPending ? "Confirming…" : "Yes, send me the weekly email"}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
