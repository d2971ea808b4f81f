import type { Finding, ScanResult, Severity } from "#contract/security/schemas";
import { Badge, type BadgeVariant } from "../../components/ui/badge";
import { formatTimestamp } from "./format";
import { Section } from "./security-sections";

const SEVERITY_BADGE: Record<Severity, BadgeVariant> = {
  critical: "destructive",
  high: "destructive",
  medium: "warning",
  low: "secondary",
  info: "outline",
};

function FindingItem({ finding }: { finding: Finding }) {
  return (
    <li className="rounded-xl border border-border p-4">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={SEVERITY_BADGE[finding.severity]} className="uppercase">
          {finding.severity}
        </Badge>
        <Badge variant="outline">{finding.category}</Badge>
        {finding.affected_table && <Badge variant="outline">table: {finding.affected_table}</Badge>}
      </div>
      <h3 className="mt-2 font-semibold text-forest-900">{finding.title}</h3>
      <p className="mt-1 text-sm">{finding.description}</p>
      <p className="mt-2 text-sm">
        <span className="font-semibold">Remediation: </span>
        {finding.remediation}
      </p>
    </li>
  );
}

export function ScanResults({ result }: { result: ScanResult }) {
  const counts = result.findings.reduce<Record<string, number>>((acc, f) => {
    acc[f.severity] = (acc[f.severity] ?? 0) + 1;
    return acc;
  }, {});
  const summary = (["critical", "high", "medium", "low", "info"] as const)
    .filter((s) => counts[s])
    .map((s) => `${counts[s]} ${s}`)
    .join(", ");
  return (
    <Section
      title="Security Scan Results"
      description={`Scanned ${formatTimestamp(result.scanned_at)}: ${summary || "no findings"}.`}
    >
      <ul className="grid gap-3">
        {result.findings.map((f) => (
          <FindingItem key={f.id} finding={f} />
        ))}
      </ul>
    </Section>
  );
}
