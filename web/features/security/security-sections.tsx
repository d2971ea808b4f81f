import type { AdminActivity, AuditLogEntry, RoleChangeEntry, SecuritySummary } from "#contract/security/schemas";
import {
  ELEVATED_ACTIVITY_THRESHOLD,
  HIGH_ACTIVITY_THRESHOLD,
  SENSITIVE_PREVIEW_COUNT,
} from "#contract/security/schemas";
import { Badge } from "../../components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { type Column, DataTable } from "../../components/ui/data-table";
import { describeValues, formatTimestamp } from "./format";

export function SummaryCards({ summary, activeAdmins }: { summary: SecuritySummary; activeAdmins: number }) {
  const items = [
    { label: "Security events (24h)", value: summary.events_24h },
    { label: "Successful sign-ins (24h)", value: summary.auth_successes_24h },
    { label: "Authentication failures (24h)", value: summary.auth_failures_24h },
    { label: "Sensitive data accesses (7 days)", value: summary.sensitive_access_7d },
    { label: "Active admins (7 days)", value: activeAdmins },
  ];
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
      {items.map((item) => (
        <li key={item.label}>
          <Card className="h-full p-5">
            <p className="text-sm text-muted-foreground">{item.label}</p>
            <p className="mt-1 font-display text-3xl font-semibold text-forest-900">{item.value.toLocaleString()}</p>
          </Card>
        </li>
      ))}
    </ul>
  );
}

export function activityBadge(count: number) {
  if (count > HIGH_ACTIVITY_THRESHOLD) return <Badge variant="destructive">High Activity</Badge>;
  if (count > ELEVATED_ACTIVITY_THRESHOLD) return <Badge variant="secondary">Elevated Activity</Badge>;
  return <Badge variant="outline">Normal</Badge>;
}

export function AdminActivityCard({ activity }: { activity: AdminActivity[] }) {
  const rows = activity.map((a) => ({ ...a, id: a.admin_user_id }));
  const columns: Column<(typeof rows)[number]>[] = [
    { header: "Admin", cell: (r) => r.admin_email },
    { header: "Sensitive accesses", cell: (r) => r.recent_sensitive_access_count },
    { header: "Last access", cell: (r) => formatTimestamp(r.last_access) },
    { header: "Activity", cell: (r) => activityBadge(r.recent_sensitive_access_count) },
  ];
  return (
    <Section title="Admin Activity" description="Sensitive-data accesses per admin over the last 7 days.">
      <DataTable
        caption="Admin activity"
        columns={columns}
        rows={rows}
        empty="No admin accessed sensitive data in the last 7 days."
      />
    </Section>
  );
}

/** When a logged event happened. */
const timeColumn = <T extends { created_at: string }>(): Column<T> => ({
  header: "Time",
  cell: (r) => formatTimestamp(r.created_at),
  nowrap: true,
});

const logColumns: Column<AuditLogEntry>[] = [
  timeColumn<AuditLogEntry>(),
  { header: "Action", cell: (r) => <code className="text-xs">{r.action}</code> },
  { header: "User", cell: (r) => r.user_email ?? (typeof r.new_values?.email === "string" ? r.new_values.email : "—") },
  { header: "Table", cell: (r) => r.table_name ?? "—" },
  { header: "IP address", cell: (r) => r.ip_address ?? "—" },
  {
    header: "Details",
    cell: (r) => <span className="break-all text-muted-foreground">{describeValues(r.new_values)}</span>,
  },
];

export function SensitiveAccessCard({ entries }: { entries: AuditLogEntry[] }) {
  return (
    <Section
      title="Sensitive Data Access"
      description={`The latest ${SENSITIVE_PREVIEW_COUNT} reads of personal data by admins.`}
    >
      <DataTable
        caption="Sensitive data access"
        columns={logColumns}
        rows={entries.slice(0, SENSITIVE_PREVIEW_COUNT)}
        empty="No sensitive data access recorded."
        minWidth="min-w-[40rem]"
      />
    </Section>
  );
}

export function AuthFailuresCard({ entries }: { entries: AuditLogEntry[] }) {
  const columns: Column<AuditLogEntry>[] = [
    timeColumn<AuditLogEntry>(),
    { header: "Email", cell: (r) => String(r.new_values?.email ?? "—") },
    { header: "Reason", cell: (r) => String(r.new_values?.reason ?? "—") },
    { header: "IP address", cell: (r) => r.ip_address ?? "—" },
  ];
  return (
    <Section title="Authentication Failures (24h)" description="Failed password sign-ins in the last 24 hours.">
      <DataTable
        caption="Authentication failures in the last 24 hours"
        columns={columns}
        rows={entries}
        empty="No failed sign-ins in the last 24 hours."
      />
    </Section>
  );
}

export function RoleChangesCard({ entries }: { entries: RoleChangeEntry[] }) {
  const columns: Column<RoleChangeEntry>[] = [
    timeColumn<RoleChangeEntry>(),
    { header: "User", cell: (r) => r.user_email ?? r.user_id },
    { header: "Change", cell: (r) => `${r.old_role ?? "none"} → ${r.new_role}` },
    { header: "Changed by", cell: (r) => r.changed_by_email ?? r.changed_by ?? "—" },
  ];
  return (
    <Section title="Role Change Audit" description="Every change of a profile's role, recorded by the database.">
      <DataTable caption="Role changes" columns={columns} rows={entries} empty="No role changes recorded." />
    </Section>
  );
}

export function AccessLogsCard({ entries }: { entries: AuditLogEntry[] }) {
  return (
    <Section title="Access Logs" description="The latest 50 security events.">
      <DataTable
        caption="Access logs"
        columns={logColumns}
        rows={entries}
        empty="No security events recorded yet."
        minWidth="min-w-[48rem]"
      />
    </Section>
  );
}

export function Section({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: React.ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
