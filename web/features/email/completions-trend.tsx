import type { CampaignStatus } from "#contract/email/schemas";

/** The trend's span: the last 12 weekly sends (one campaign per action, one action a week). */
export const TREND_WEEKS = 12;

const WIDTH = 480;
const HEIGHT = 120;
const BAR_GAP = 6;

/** "12.5%" for 0.125; a dash before any email went out. */
export const formatRate = (rate: number | null) =>
  rate === null ? "—" : `${(rate * 100).toFixed(rate >= 0.1 ? 0 : 1)}%`;

/**
 * Completions per send over the last 12 weekly campaigns (decision 197): an inline SVG of stacked bars
 * (from the email, from the site), oldest on the left. The chart is a picture for sighted admins; the
 * same figures are in the table it describes (aria-describedby), which screen readers read instead.
 */
export function CompletionsTrend({ campaigns, tableId }: { campaigns: CampaignStatus[]; tableId: string }) {
  const weeks = campaigns
    .filter((c) => c.completions)
    .slice(0, TREND_WEEKS)
    .reverse();
  if (weeks.length === 0) return null;
  const total = (c: CampaignStatus) => (c.completions?.from_email ?? 0) + (c.completions?.from_site ?? 0);
  const max = Math.max(1, ...weeks.map(total));
  const barWidth = (WIDTH - BAR_GAP * (weeks.length - 1)) / weeks.length;
  const scale = (n: number) => (n / max) * (HEIGHT - 4);
  return (
    <figure className="grid gap-2">
      <figcaption className="text-sm font-semibold text-forest-900">
        Completions per send, last {weeks.length === 1 ? "week" : `${weeks.length} weeks`}
        <span className="ml-3 font-normal text-muted-foreground">
          <span aria-hidden="true" className="mr-1 inline-block size-3 rounded-sm bg-forest-700 align-middle" />
          from the email
          <span aria-hidden="true" className="mr-1 ml-3 inline-block size-3 rounded-sm bg-sand-400 align-middle" />
          from the site
        </span>
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-32 w-full max-w-xl"
        role="img"
        aria-label={`Bar chart of completions per weekly email, the last ${weeks.length} sends; figures in the campaign table`}
        aria-describedby={tableId}
      >
        {weeks.map((c, i) => {
          const x = i * (barWidth + BAR_GAP);
          const email = scale(c.completions?.from_email ?? 0);
          const site = scale(c.completions?.from_site ?? 0);
          return (
            <g key={c.id}>
              <title>{`${c.action_title ?? "Deleted action"}: ${c.completions?.from_email ?? 0} from the email, ${c.completions?.from_site ?? 0} from the site`}</title>
              <rect x={x} y={HEIGHT - email} width={barWidth} height={email} className="fill-forest-700" />
              <rect x={x} y={HEIGHT - email - site} width={barWidth} height={site} className="fill-sand-400" />
            </g>
          );
        })}
        <line x1={0} x2={WIDTH} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} className="stroke-forest-900/30" />
      </svg>
    </figure>
  );
}
