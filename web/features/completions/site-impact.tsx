import { useQuery } from "@tanstack/react-query";
import { cn } from "../../lib/cn";
import { siteImpactQuery } from "./api";

/**
 * The site-wide figure for How It Works and About, from stored completions. Nothing is shown until
 * someone has recorded an action (or while it loads, or if the read fails: it is a bonus, not content).
 */
export function SiteImpactFigure({ className }: { className?: string }) {
  const query = useQuery(siteImpactQuery());
  const impact = query.data;
  if (!impact || impact.total_completions <= 0) return null;
  const actions = impact.total_completions;
  const members = impact.members_with_completions;
  return (
    <p data-testid="site-impact" className={cn("text-lg leading-relaxed text-forest-900", className)}>
      So far, <strong>{members.toLocaleString("en-US")}</strong> {members === 1 ? "member has" : "members have"}{" "}
      recorded <strong>{actions.toLocaleString("en-US")}</strong> completed {actions === 1 ? "action" : "actions"}.
    </p>
  );
}
