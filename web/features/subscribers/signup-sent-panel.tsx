import { useEffect, useRef } from "react";
import { Button } from "../../components/ui/button";
import { useT } from "../../lib/i18n";

/**
 * What replaces the signup form once it has gone through (decision 225): where the confirmation went, that nothing
 * comes before the person confirms, and a way to have it sent again (decision 226). Focus moves to its heading,
 * since the button that was pressed is gone.
 */
export function SignupSentPanel({
  maskedEmail,
  notice,
  resending,
  onResend,
  onStartOver,
  botWidget,
  onFocus,
}: {
  maskedEmail: string;
  notice: string | null;
  resending: boolean;
  onResend: () => void;
  onStartOver: () => void;
  botWidget: React.ReactNode;
  onFocus: () => void;
}) {
  const { t } = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <section
      aria-labelledby="signup-sent-title"
      onFocus={onFocus}
      data-testid="signup-sent"
      className="grid content-start gap-4 rounded-card border border-border bg-card p-6 shadow-sm sm:p-8"
    >
      <h3
        id="signup-sent-title"
        ref={heading}
        tabIndex={-1}
        className="text-2xl font-semibold text-forest-900 outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {t("subscribe.sent.title", { email: maskedEmail })}
      </h3>
      <p className="text-forest-800">{t("subscribe.sent.body")}</p>
      <p className="text-sm text-muted-foreground">{t("subscribe.sent.spam")}</p>
      {botWidget}
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="outline" disabled={resending} onClick={onResend}>
          {resending ? t("subscribe.sent.sending") : t("subscribe.sent.resend")}
        </Button>
        <Button variant="ghost" onClick={onStartOver}>
          {t("subscribe.sent.different")}
        </Button>
      </div>
      <p role="status" className="min-h-6 text-sm text-forest-800">
        {notice}
      </p>
    </section>
  );
}
