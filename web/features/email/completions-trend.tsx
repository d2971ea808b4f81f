import { format, parseISO } from "date-fns";
import { useId } from "react";
import type { CampaignStatus } from "#contract/email/schemas";

/** The trend's span: the last 12 weekly sends (one campaign per action, one action a week). */
export const TREND_WEEKS = 12;

const W = 640;
const H = 240;
const PAD = { top: 24, right: 12, bottom: 52, left: 44 };
const EMAIL_FILL = "#2f6b47";
const SITE_FILL = "#c9b98f";
const INK = "#51614f";

/** "12.5%" for 0.125; a dash before any email went out. */
export const formatRate = (rate: number | null) =>
  rate === null ? "—" : `${(rate * 100).toFixed(rate >= 0.1 ? 0 : 1)}%`;

const fromEmail = (c: CampaignStatus) => c.completions?.from_email ?? 0;
const fromSite = (c: CampaignStatus) => c.completions?.from_site ?? 0;
const sendDay = (c: CampaignStatus) => format(parseISO(c.send_day ?? c.created_at), "MMM d");

/** The chart in words: the text equivalent beside it and its SVG description (decision 234). */
export function trendSummary(weeks: CampaignStatus[]): string {
  const last = weeks.at(-1);
  if (!last) return "";
  const total = (c: CampaignStatus) => fromEmail(c) + fromSite(c);
  const best = weeks.reduce((a, b) => (total(b) > total(a) ? b : a));
  return (
    `Latest send (${sendDay(last)}, “${last.action_title ?? "Deleted action"}”): ${fromEmail(last)} from the email, ` +
    `${fromSite(last)} from the site, ${formatRate(last.completions?.email_rate ?? null)} of emails sent. ` +
    `Most completions over the last ${weeks.length === 1 ? "send" : `${weeks.length} sends`}: ${total(best)} (${sendDay(best)}).`
  );
}

/**
 * Completions per send over the last 12 weekly campaigns (decision 197): stacked bars (from the email, from the site),
 * oldest on the left, with a labelled count axis, each send's date under its bar and its total above it (decision
 * 234). The SVG is one labelled image whose description says it in words; the same words show under it, and every
 * figure is in the campaign table it describes (aria-describedby).
 */
export function CompletionsTrend({ campaigns, tableId }: { campaigns: CampaignStatus[]; tableId: string }) {
  const id = useId();
  const weeks = campaigns
    .filter((c) => c.completions)
    .slice(0, TREND_WEEKS)
    .reverse();
  if (weeks.length === 0) return null;
  const max = Math.max(1, ...weeks.map((c) => fromEmail(c) + fromSite(c)));
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const slot = plotW / TREND_WEEKS;
  const bar = slot * 0.6;
  const y = (v: number) => PAD.top + plotH - (v / max) * plotH;
  const summary = trendSummary(weeks);
  return (
    <figure className="grid min-w-0 gap-2">
      <figcaption className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm font-semibold text-forest-900">
        Completions per send, last {weeks.length === 1 ? "send" : `${weeks.length} sends`}
        <span className="inline-flex items-center gap-2 font-normal text-muted-foreground">
          <span aria-hidden="true" className="size-3 rounded-sm bg-[#2f6b47]" />
          from the email
        </span>
        <span className="inline-flex items-center gap-2 font-normal text-muted-foreground">
          <span aria-hidden="true" className="size-3 rounded-sm bg-[#c9b98f]" />
          from the site
        </span>
      </figcaption>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="h-auto w-full max-w-2xl"
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        aria-describedby={tableId}
      >
        <title id={`${id}-title`}>Completions per weekly email</title>
        <desc id={`${id}-desc`}>{`${summary} Each send's figures are in the campaign table.`}</desc>
        {[0, 0.5, 1].map((f) => (
          <g key={f}>
            <line
              x1={PAD.left}
              x2={W - PAD.right}
              y1={y(max * f)}
              y2={y(max * f)}
              stroke="#d9d3c4"
              strokeDasharray="3 3"
            />
            <text x={PAD.left - 6} y={y(max * f) + 4} textAnchor="end" fontSize="12" fill={INK}>
              {Math.round(max * f)}
            </text>
          </g>
        ))}
        <text
          x={12}
          y={PAD.top + plotH / 2}
          transform={`rotate(-90 12 ${PAD.top + plotH / 2})`}
          textAnchor="middle"
          fontSize="12"
          fill={INK}
        >
          Completions
        </text>
        {weeks.map((c, i) => {
          const x = PAD.left + i * slot + (slot - bar) / 2;
          const email = fromEmail(c);
          const site = fromSite(c);
          const top = y(email + site);
          return (
            <g key={c.id}>
              <rect x={x} y={y(email)} width={bar} height={PAD.top + plotH - y(email)} fill={EMAIL_FILL} />
              <rect x={x} y={top} width={bar} height={y(email) - top} fill={SITE_FILL} />
              <text x={x + bar / 2} y={top - 6} textAnchor="middle" fontSize="12" fill={INK}>
                {email + site}
              </text>
              <text x={x + bar / 2} y={H - PAD.bottom + 16} textAnchor="middle" fontSize="11" fill={INK}>
                {sendDay(c)}
              </text>
            </g>
          );
        })}
        <line x1={PAD.left} x2={W - PAD.right} y1={PAD.top + plotH} y2={PAD.top + plotH} stroke={INK} />
        <text x={PAD.left + plotW / 2} y={H - 8} textAnchor="middle" fontSize="12" fill={INK}>
          Weekly send (date)
        </text>
      </svg>
      <p className="text-sm text-muted-foreground">{summary}</p>
    </figure>
  );
}
