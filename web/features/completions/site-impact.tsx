import { Trans } from "@lingui/react";
import { useQuery } from "@tanstack/react-query";
import { cn } from "../../lib/cn";
import { useT } from "../../lib/i18n";
import { siteImpactQuery } from "./api";

/**
 * The site-wide figure for How It Works and About, from stored completions. Nothing is shown until
 * someone has recorded an action (or while it loads, or if the read fails: it is a bonus, not content).
 */
export function SiteImpactFigure({ className }: { className?: string }) {
  const query = useQuery(siteImpactQuery());
  const { tag } = useT();
  const impact = query.data;
  if (!impact || impact.total_completions <= 0) return null;
  const actions = impact.total_completions;
  const members = impact.members_with_completions;
  return (
    <p data-testid="site-impact" className={cn("text-lg leading-relaxed text-forest-900", className)}>
      <Trans
        id="progress.impact.figure"
        values={{
          members,
          actions,
          memberCount: members.toLocaleString(tag),
          actionCount: actions.toLocaleString(tag),
        }}
        components={{ 0: <strong />, 1: <strong /> }}
      />
    </p>
  );
}
