import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { format, parseISO } from "date-fns";
import { useState } from "react";
import { INVALID_LINK_MESSAGE, type SubscriptionView } from "#contract/subscribers/signup-rules";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Spinner } from "../../components/ui/spinner";
import { toast } from "../../components/ui/use-toast";
import { Island } from "../../islands/island";
import { errorText } from "../../lib/error-text";
import { changeSubscription, deleteSubscriptionData, isRefused, resendConfirmation, subscriptionQuery } from "./api";
import { EmailLinkPage, LinkProblem, SignupLink } from "./email-link-page";

function formatDate(iso: string): string {
  try {
    return format(parseISO(iso), "MMMM d, yyyy");
  } catch {
    return iso;
  }
}

/** The page as the Worker renders it: one island, hydrated once it is seen (decision 212). */
export function UnsubscribeRoute() {
  return <Island name="unsubscribe" component={UnsubscribePage} props={{}} hydrate="visible" />;
}

/**
 * /unsubscribe?token= — reading the page changes nothing (mail scanners open links); only the
 * buttons do, with a POST. The page takes its active flag from each response.
 */
export function UnsubscribePage() {
  return (
    <EmailLinkPage
      title="Manage Your Subscription"
      lead="Review your weekly action emails, unsubscribe, or subscribe again."
      missing={<Problem message={INVALID_LINK_MESSAGE} />}
    >
      {(token) => <Subscription token={token} />}
    </EmailLinkPage>
  );
}

function Problem({ message }: { message: string }) {
  return (
    <LinkProblem message={message}>
      Please use the link from one of our emails. You can also{" "}
      <SignupLink>sign up again on the Weekly Actions page</SignupLink>.
    </LinkProblem>
  );
}

function Subscription({ token }: { token: string }) {
  const queryClient = useQueryClient();
  const query = useQuery(subscriptionQuery(token));
  const [notice, setNotice] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: (action: "unsubscribe" | "resubscribe") => changeSubscription(action, token),
    onSuccess: (result) => {
      queryClient.setQueryData(subscriptionQuery(token).queryKey, result.subscription);
      setNotice(result.message);
    },
    onError: (error, action) => {
      toast({
        title: `Failed to ${action} subscription`,
        description: errorText(error, undefined),
        variant: "destructive",
      });
    },
  });

  const resend = useMutation({
    mutationFn: () => resendConfirmation(token),
    onSuccess: (result) => setNotice(result.message),
    onError: (error) => {
      toast({
        title: "Failed to resend the confirmation email",
        description: errorText(error, undefined),
        variant: "destructive",
      });
    },
  });

  const [deleted, setDeleted] = useState<string | null>(null);
  const removal = useMutation({
    mutationFn: () => deleteSubscriptionData(token),
    onSuccess: (result) => setDeleted(result.message),
    onError: (error) => {
      toast({
        title: "Failed to delete your subscription data",
        description: errorText(error, undefined),
        variant: "destructive",
      });
    },
  });

  if (deleted) {
    return (
      <Card>
        <CardContent className="grid gap-3">
          <h2 className="text-xl font-semibold text-forest-900">Subscription data deleted</h2>
          <p role="status" className="text-forest-800">
            {deleted}
          </p>
        </CardContent>
      </Card>
    );
  }
  if (query.isPending) return <Spinner label="Loading your subscription…" />;
  if (query.isError) {
    return <Problem message={errorText(query.error, "Failed to load subscription details")} />;
  }

  if (isRefused(query.data)) return <Problem message={query.data.refused || INVALID_LINK_MESSAGE} />;
  const sub: SubscriptionView = query.data;
  const action = sub.active ? "unsubscribe" : "resubscribe";
  return (
    <Card>
      <CardContent className="grid gap-6">
        <dl className="grid gap-4 sm:grid-cols-2">
          <div>
            <dt className="text-sm font-semibold text-muted-foreground">Name</dt>
            <dd className="mt-1 text-lg text-forest-900">{sub.first_name}</dd>
          </div>
          <div>
            <dt className="text-sm font-semibold text-muted-foreground">Email</dt>
            <dd className="mt-1 text-lg text-forest-900">{sub.masked_email}</dd>
          </div>
          <div>
            <dt className="text-sm font-semibold text-muted-foreground">Status</dt>
            <dd className="mt-1">
              <Badge
                variant={sub.active ? "success" : sub.pending ? "warning" : "destructive"}
                data-testid="subscription-status"
              >
                {sub.active ? "Subscribed" : sub.pending ? "Waiting for your confirmation" : "Unsubscribed"}
              </Badge>
            </dd>
          </div>
          <div>
            <dt className="text-sm font-semibold text-muted-foreground">{sub.pending ? "Signed up" : "Subscribed"}</dt>
            <dd className="mt-1 text-lg text-forest-900">{formatDate(sub.subscribed_at)}</dd>
          </div>
        </dl>
        <p role="status" className="min-h-6 text-forest-800">
          {notice}
        </p>
        {sub.pending ? (
          // Signed up, not confirmed (decision 225): the way forward is the confirmation email, not Resubscribe.
          <div>
            <p className="text-forest-800">
              We sent a confirmation link to {sub.masked_email}. The weekly email starts once you press it.
            </p>
            <p className="mt-1 text-sm text-muted-foreground">
              Didn't sign up? Ignore the email: nothing more is sent, and the signup is deleted after 7 days.
            </p>
            <div className="mt-4">
              <Button
                disabled={resend.isPending}
                onClick={() => {
                  setNotice(null);
                  resend.mutate();
                }}
              >
                {resend.isPending ? "Sending..." : "Resend the confirmation email"}
              </Button>
            </div>
          </div>
        ) : (
          <div>
            <Button
              variant={sub.active ? "destructive" : "primary"}
              disabled={mutation.isPending}
              onClick={() => {
                setNotice(null);
                mutation.mutate(action);
              }}
            >
              {sub.active ? "Unsubscribe" : "Resubscribe"}
            </Button>
            {sub.active ? (
              <p className="mt-3 text-sm text-muted-foreground">You'll stop receiving the weekly action email.</p>
            ) : (
              <p className="mt-3 text-sm text-muted-foreground">Changed your mind? Get the weekly action again.</p>
            )}
          </div>
        )}
        <div className="border-t border-border pt-6">
          <h2 className="text-lg font-semibold text-forest-900">Delete my subscription data</h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Unsubscribes you and deletes your name, email address and ZIP code. We keep only a scrambled fingerprint of
            the address so it is never added back by mistake. This cannot be undone.
          </p>
          <Button
            className="mt-3"
            variant="outline"
            disabled={removal.isPending || mutation.isPending}
            onClick={() => {
              if (window.confirm("Delete your subscription data? This cannot be undone.")) removal.mutate();
            }}
          >
            Delete my subscription data
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
