import { useQuery } from "@tanstack/react-query";
import { isRetryable, LoadError } from "../../components/load-error";
import { useT } from "../../lib/i18n";
import { currentActionQuery } from "./api";
import { type CompletionSlot, CurrentActionCard } from "./current-action-card";

/** /actions' first block: this week's card at the top of the page, or an error with a retry (decision 163). */
export function CurrentActionSection({ completion }: { completion?: CompletionSlot }) {
  const { t, locale } = useT();
  const current = useQuery(currentActionQuery(locale));
  if (current.isError) {
    return (
      <div id="weekly-action">
        <LoadError
          message={t("actions.current.loadFailed")}
          onRetry={isRetryable(current.error) ? () => void current.refetch() : undefined}
        />
      </div>
    );
  }
  return <CurrentActionCard completion={completion} firstScreen />;
}
