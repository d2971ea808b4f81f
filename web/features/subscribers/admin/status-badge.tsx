import { Badge } from "../../../components/ui/badge";
import type { SubscriberListItem } from "./admin-api";

const LOOK = {
  active: { variant: "success", label: "Active" },
  pending: { variant: "warning", label: "Pending" },
  unsubscribed: { variant: "destructive", label: "Unsubscribed" },
} as const;

/** Active, pending (signed up, not confirmed yet: decision 182) or unsubscribed. */
export function SubscriberStatusBadge({ status }: { status: SubscriberListItem["status"] }) {
  const { variant, label } = LOOK[status];
  return <Badge variant={variant}>{label}</Badge>;
}
