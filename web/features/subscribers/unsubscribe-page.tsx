import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { parseISO } from "date-fns";
import { useState } from "react";
import type { Locale } from "#contract/i18n/locales";
import type { SubscriptionView } from "#contract/subscribers/signup-rules";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Spinner } from "../../components/ui/spinner";
import { toast } from "../../components/ui/use-toast";
import { Island } from "../../islands/island";
import { errorText } from "../../lib/error-text";
import { useT } from "../../lib/i18n";
import {
  changeEmailLanguage,
  changeSubscription,
  deleteSubscriptionData,
  isRefused,
  resendConfirmation,
  subscriptionQuery,
} from "./api";
import { EmailLanguageChoice } from "./email-language-choice";
import { EmailLinkPage, LinkProblem, SignupLink } from "./email-link-page";
import { messageWith, NODE_MARK } from "./message-with";

/** "March 4, 2030" / "4 de marzo de 2030". */
function formatDate(iso: string, tag: string): string {
  try {
    return new Intl.DateTimeFormat(tag, { dateStyle: "long" }).format(parseISO(iso));
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
  const { t } = useT();
  return (
    <EmailLinkPage
      title={t("subscribe.manage.title")}
      lead={t("subscribe.manage.lead")}
      missing={<Problem message={t("subscribe.invalidLink")} />}
    >
      {(token) => <Subscription token={token} />}
    </EmailLinkPage>
  );
}

function Problem({ message }: { message: string }) {
  const { t } = useT();
  return (
    <LinkProblem message={message}>
      {messageWith(
        t("subscribe.manage.problem", { link: NODE_MARK }),
        <SignupLink>{t("subscribe.manage.problemLink")}</SignupLink>,
      )}
    </LinkProblem>
  );
}

function Subscription({ token }: { token: string }) {
  const { t, tag } = useT();
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
        title:
          action === "unsubscribe" ? t("subscribe.manage.failedUnsubscribe") : t("subscribe.manage.failedResubscribe"),
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
        title: t("subscribe.manage.failedResend"),
        description: errorText(error, undefined),
        variant: "destructive",
      });
    },
  });

  const language = useMutation({
    mutationFn: (locale: Locale) => changeEmailLanguage(token, locale),
    onSuccess: (result) => {
      queryClient.setQueryData(subscriptionQuery(token).queryKey, result.subscription);
      setNotice(result.message);
    },
    onError: (error) => {
      toast({
        title: t("subscribe.manage.failedLanguage"),
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
        title: t("subscribe.manage.failedDelete"),
        description: errorText(error, undefined),
        variant: "destructive",
      });
    },
  });

  if (deleted) {
    return (
      <Card>
        <CardContent className="grid gap-3">
          <h2 className="text-xl font-semibold text-forest-900">{t("subscribe.manage.deletedTitle")}</h2>
          <p role="status" className="text-forest-800">
            {deleted}
          </p>
        </CardContent>
      </Card>
    );
  }
  if (query.isPending) return <Spinner label={t("subscribe.manage.loading")} />;
  if (query.isError) {
    return <Problem message={errorText(query.error, t("subscribe.manage.loadFailed"))} />;
  }

  if (isRefused(query.data)) return <Problem message={query.data.refused || t("subscribe.invalidLink")} />;
  const sub: SubscriptionView = query.data;
  const action = sub.active ? "unsubscribe" : "resubscribe";
  return (
    <Card>
      <CardContent className="grid gap-6">
        <dl className="grid gap-4 sm:grid-cols-2">
          <div>
            <dt className="text-sm font-semibold text-muted-foreground">{t("subscribe.manage.name")}</dt>
            <dd className="mt-1 text-lg text-forest-900">{sub.first_name}</dd>
          </div>
          <div>
            <dt className="text-sm font-semibold text-muted-foreground">{t("subscribe.manage.email")}</dt>
            <dd className="mt-1 text-lg text-forest-900">{sub.masked_email}</dd>
          </div>
          <div>
            <dt className="text-sm font-semibold text-muted-foreground">{t("subscribe.manage.status")}</dt>
            <dd className="mt-1">
              <Badge
                variant={sub.active ? "success" : sub.pending ? "warning" : "destructive"}
                data-testid="subscription-status"
              >
                {sub.active
                  ? t("subscribe.manage.statusSubscribed")
                  : sub.pending
                    ? t("subscribe.manage.statusPending")
                    : t("subscribe.manage.statusUnsubscribed")}
              </Badge>
            </dd>
          </div>
          <div>
            <dt className="text-sm font-semibold text-muted-foreground">
              {sub.pending ? t("subscribe.manage.signedUp") : t("subscribe.manage.subscribedOn")}
            </dt>
            <dd className="mt-1 text-lg text-forest-900">{formatDate(sub.subscribed_at, tag)}</dd>
          </div>
        </dl>
        <p role="status" className="min-h-6 text-forest-800">
          {notice}
        </p>
        {sub.pending ? (
          // Signed up, not confirmed (decision 225): the way forward is the confirmation email, not Resubscribe.
          <div>
            <p className="text-forest-800">{t("subscribe.manage.pendingSent", { email: sub.masked_email })}</p>
            <p className="mt-1 text-sm text-muted-foreground">{t("subscribe.manage.pendingIgnore")}</p>
            <div className="mt-4">
              <Button
                disabled={resend.isPending}
                onClick={() => {
                  setNotice(null);
                  resend.mutate();
                }}
              >
                {resend.isPending ? t("subscribe.manage.sending") : t("subscribe.manage.resend")}
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
              {sub.active ? t("subscribe.manage.unsubscribe") : t("subscribe.manage.resubscribe")}
            </Button>
            {sub.active ? (
              <p className="mt-3 text-sm text-muted-foreground">{t("subscribe.manage.unsubscribeHint")}</p>
            ) : (
              <p className="mt-3 text-sm text-muted-foreground">{t("subscribe.manage.resubscribeHint")}</p>
            )}
          </div>
        )}
        <EmailLanguage current={sub.locale} saving={language.isPending} onSave={(locale) => language.mutate(locale)} />
        <div className="border-t border-border pt-6">
          <h2 className="text-lg font-semibold text-forest-900">{t("subscribe.manage.deleteTitle")}</h2>
          <p className="mt-1 text-sm text-muted-foreground">{t("subscribe.manage.deleteBody")}</p>
          <Button
            className="mt-3"
            variant="outline"
            disabled={removal.isPending || mutation.isPending}
            onClick={() => {
              if (window.confirm(t("subscribe.manage.deleteConfirm"))) removal.mutate();
            }}
          >
            {t("subscribe.manage.deleteTitle")}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

/** "Email language": the subscriber's choice, saved with its own button (a radio press alone changes nothing). */
function EmailLanguage({
  current,
  saving,
  onSave,
}: {
  current: Locale;
  saving: boolean;
  onSave: (locale: Locale) => void;
}) {
  const { t } = useT();
  const [choice, setChoice] = useState<Locale>(current);
  return (
    <form
      className="grid gap-3 border-t border-border pt-6"
      onSubmit={(event) => {
        event.preventDefault();
        onSave(choice);
      }}
    >
      <EmailLanguageChoice
        legend={t("subscribe.manage.language")}
        hint={t("subscribe.manage.languageHint")}
        value={choice}
        onChange={setChoice}
      />
      <div>
        <Button type="submit" variant="outline" disabled={saving || choice === current}>
          {t("subscribe.manage.languageSave")}
        </Button>
      </div>
    </form>
  );
}
