export type Severity = "critical" | "high" | "medium" | "low" | "info";

/** The spec's scan finding. */
export type Finding = {
  id: string;
  title: string;
  description: string;
  severity: Severity;
  category: string;
  remediation: string;
  affected_table?: string;
};

export const SEVERITY_ORDER: Record<Severity, number> = { critical: 0, high: 1, medium: 2, low: 3, info: 4 };
