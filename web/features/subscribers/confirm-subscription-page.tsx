import { useMutation, useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router-dom";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Spinner } from "../../components/ui/spinner";
import { Island } from "../../islands/island";
import { useT } from "../../lib/i18n";
import { routePath } from "../../pages";
import { confirmationQuery, confirmSubscription, isRefused } from "./api";
import { EmailLinkPage, LinkProblem, SignupLink } from "./email-link-page";
import { messageWith, NODE_MARK } from "./message-with";

/**
 * /subscribe/confirm?token= — the confirmation link of a new signup's welcome email (double opt-in,
 * decision 182) or the "confirm you want the weekly email again" link of a returning address. Opening
 * it changes nothing (mail scanners open links); only the button does, with a POST.
 */
export function ConfirmSubscriptionPage() {
  const { t } = useT();
  // Once confirmed, the page says so in its heading too (decision 225).
  const [confirmed, setConfirmed] = useState(false);
  return (
    <EmailLinkPage
      title={confirmed ? t("subscribe.confirm.titleDone") : t("subscribe.confirm.title")}
      lead={confirmed ? t("subscribe.confirm.leadDone") : t("subscribe.confirm.lead")}
      missing={<Problem message={t("subscribe.confirm.invalid")} />}
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
  const { t } = useT();
  return (
    <LinkProblem message={message}>
      {messageWith(
        t("subscribe.confirm.problem", { link: NODE_MARK }),
        <SignupLink>{t("subscribe.confirm.problemLink")}</SignupLink>,
      )}
    </LinkProblem>
  );
}

function Confirm({ token, onConfirmed }: { token: string; onConfirmed: () => void }) {
  const { t, locale } = useT();
  const INVALID = t("subscribe.confirm.invalid");
  const query = useQuery(confirmationQuery(token));
  // The link came in the signup's language: confirming on this page makes it the emails' (decision 274).
  const mutation = useMutation({ mutationFn: () => confirmSubscription(token, locale), onSuccess: onConfirmed });
  const confirmation = query.data && !isRefused(query.data) ? query.data : undefined;

  if (query.isPending) return <Spinner label={t("subscribe.confirm.checking")} />;
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
            ? t("subscribe.confirm.askReturning", { email: confirmation?.masked_email ?? "" })
            : t("subscribe.confirm.ask", { email: confirmation?.masked_email ?? "" })}
        </h2>
        <p className="text-muted-foreground">
          {returning
            ? t("subscribe.confirm.bodyReturning", { name: confirmation?.first_name ?? "" })
            : t("subscribe.confirm.body", { name: confirmation?.first_name ?? "" })}
        </p>
        {mutation.isError ? (
          <p role="alert" className="text-clay-700">
            {mutation.error.message || INVALID}
          </p>
        ) : null}
        <div>
          <Button disabled={mutation.isPending} onClick={() => mutation.mutate()}>
            {mutation.isPending
              ? t("subscribe.confirm.confirming")
              : returning
                ? t("subscribe.confirm.buttonReturning")
                : t("subscribe.confirm.button")}
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
  const { t } = useT();
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
        <p className="text-muted-foreground">{t("subscribe.next.wait")}</p>
        <ul className="grid gap-3">
          <li>
            <Link to={routePath("actions")} className={NEXT_LINK}>
              {t("subscribe.next.action")}
            </Link>
          </li>
          <li>
            <Link to={zip ? `${events}?zip=${encodeURIComponent(zip)}` : events} className={NEXT_LINK}>
              {zip ? t("subscribe.next.eventsNear", { zip }) : t("subscribe.next.events")}
            </Link>
          </li>
          <li>
            <Link to={routePath("myProgress")} className={NEXT_LINK}>
              {t("subscribe.next.progress")}
            </Link>{" "}
            {t("subscribe.next.progressNote")}
          </li>
        </ul>
      </CardContent>
    </Card>
  );
}
