import { useMutation, useQuery } from "@tanstack/react-query";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Spinner } from "../../components/ui/spinner";
import { Island } from "../../islands/island";
import { confirmationQuery, confirmSubscription, isRefused } from "./api";
import { EmailLinkPage, LinkProblem, SignupLink } from "./email-link-page";

const INVALID = "This confirmation link is invalid or has expired. Please sign up again.";

/**
 * /subscribe/confirm?token= — the confirmation link of a new signup's welcome email (double opt-in,
 * decision 182) or the "confirm you want the weekly email again" link of a returning address. Opening
 * it changes nothing (mail scanners open links); only the button does, with a POST.
 */
export function ConfirmSubscriptionPage() {
  return (
    <EmailLinkPage
      title="Confirm Your Subscription"
      lead="Get one simple nature action in your inbox every Monday morning."
      missing={<Problem message={INVALID} />}
    >
      {(token) => <Confirm token={token} />}
    </EmailLinkPage>
  );
}

/** The page as the Worker renders it: one island, hydrated once it is seen (decision 212). */
export function ConfirmSubscriptionRoute() {
  return <Island name="confirmSubscription" component={ConfirmSubscriptionPage} props={{}} hydrate="visible" />;
}

function Problem({ message }: { message: string }) {
  return (
    <LinkProblem message={message}>
      <SignupLink>Sign up on the Weekly Actions page</SignupLink> to get a new link.
    </LinkProblem>
  );
}

function Confirm({ token }: { token: string }) {
  const query = useQuery(confirmationQuery(token));
  const mutation = useMutation({ mutationFn: () => confirmSubscription(token) });

  if (query.isPending) return <Spinner label="Checking your link…" />;
  if (query.isError && !mutation.isSuccess) return <Problem message={query.error.message || INVALID} />;
  if (query.data && isRefused(query.data) && !mutation.isSuccess)
    return <Problem message={query.data.refused || INVALID} />;
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
  const confirmation = query.data && !isRefused(query.data) ? query.data : undefined;
  const returning = confirmation?.returning ?? false;
  return (
    <Card>
      <CardContent className="grid gap-5">
        <h2 className="text-xl font-semibold text-forest-900">
          {returning
            ? `Send the weekly email to ${confirmation?.masked_email} again?`
            : `Send the weekly email to ${confirmation?.masked_email}?`}
        </h2>
        <p className="text-muted-foreground">
          {returning
            ? `Hi ${confirmation?.first_name}, this address unsubscribed earlier. Press the button to start getting the weekly action again; if you did not ask for this, just close this page.`
            : `Hi ${confirmation?.first_name}, press the button to confirm your subscription and start getting the weekly action; if you did not sign up, just close this page.`}
        </p>
        {mutation.isError ? (
          <p role="alert" className="text-clay-700">
            {mutation.error.message || INVALID}
          </p>
        ) : null}
        <div>
          <Button disabled={mutation.isPending} onClick={() => mutation.mutate()}>
            {mutation.isPending
              ? "Confirming…"
              : returning
                ? "Yes, send me the weekly email"
                : "Confirm my subscription"}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
