import { useMutation, useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router-dom";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Spinner } from "../../components/ui/spinner";
import { Island } from "../../islands/island";
import { routePath } from "../../pages";
import { confirmationQuery, confirmSubscription, isRefused } from "./api";
import { EmailLinkPage, LinkProblem, SignupLink } from "./email-link-page";

const INVALID = "This confirmation link is invalid or has expired. Please sign up again.";

/**
 * /subscribe/confirm?token= — the confirmation link of a new signup's welcome email (double opt-in,
 * decision 182) or the "confirm you want the weekly email again" link of a returning address. Opening
 * it changes nothing (mail scanners open links); only the button does, with a POST.
 */
export function ConfirmSubscriptionPage() {
  // Once confirmed, the page says so in its heading too (decision 225).
  const [confirmed, setConfirmed] = useState(false);
  return (
    <EmailLinkPage
      title={confirmed ? "You're Subscribed" : "Confirm Your Subscription"}
      lead={
        confirmed
          ? "Your first weekly action arrives on Monday morning."
          : "Get one simple nature action in your inbox every Monday morning."
      }
      missing={<Problem message={INVALID} />}
    >
      {(token) => <Confirm token={token} onConfirmed={() => setConfirmed(true)} />}
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

function Confirm({ token, onConfirmed }: { token: string; onConfirmed: () => void }) {
  const query = useQuery(confirmationQuery(token));
  const mutation = useMutation({ mutationFn: () => confirmSubscription(token), onSuccess: onConfirmed });
  const confirmation = query.data && !isRefused(query.data) ? query.data : undefined;

  if (query.isPending) return <Spinner label="Checking your link…" />;
  if (query.isError && !mutation.isSuccess) return <Problem message={query.error.message || INVALID} />;
  if (query.data && isRefused(query.data) && !mutation.isSuccess)
    return <Problem message={query.data.refused || INVALID} />;
  if (mutation.isSuccess) return <NextSteps message={mutation.data.message} zip={confirmation?.zip_code ?? null} />;
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

const NEXT_LINK = "font-semibold text-forest-700 underline underline-offset-4 hover:text-forest-900";

/**
 * After the button: what the person can do now (decision 225). Focus moves to the heading, since the button
 * that was pressed is gone. Events are those near the ZIP given at signup, when there was one.
 */
function NextSteps({ message, zip }: { message: string; zip: string | null }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const events = routePath("events");
  return (
    <Card>
      <CardContent className="grid gap-4">
        <h2
          ref={heading}
          tabIndex={-1}
          className="text-xl font-semibold text-forest-900 outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {message}
        </h2>
        <p className="text-muted-foreground">While you wait for Monday:</p>
        <ul className="grid gap-3">
          <li>
            <Link to={routePath("actions")} className={NEXT_LINK}>
              Do this week's action
            </Link>
          </li>
          <li>
            <Link to={zip ? `${events}?zip=${encodeURIComponent(zip)}` : events} className={NEXT_LINK}>
              {zip ? `Find events near ${zip}` : "Find events near you"}
            </Link>
          </li>
          <li>
            <Link to={routePath("myProgress")} className={NEXT_LINK}>
              Track what you've done in My Progress
            </Link>{" "}
            (sign in with this email address).
          </li>
        </ul>
      </CardContent>
    </Card>
  );
}
