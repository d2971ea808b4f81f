import { CurrentActionCard } from "../../features/actions/current-action-card";
import { ActionCompletionControl } from "../../features/completions/action-completion-control";

/** Home's weekly-action block: the actions feature's card with the completions feature's control. */
export function WeeklyAction() {
  return (
    <CurrentActionCard
      completion={(actionId, onRecorded) => <ActionCompletionControl actionId={actionId} onRecorded={onRecorded} />}
    />
  );
}
