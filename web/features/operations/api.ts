import { queryOptions } from "@tanstack/react-query";
import type { Alert, SystemStatus } from "../../../worker/features/operations/schemas";
import { apiFetch } from "../../lib/api";

export const operationsKeys = {
  all: ["admin", "operations"] as const,
  alerts: () => [...operationsKeys.all, "alerts"] as const,
  status: () => [...operationsKeys.all, "status"] as const,
};

export const openAlertsQuery = () =>
  queryOptions({
    queryKey: operationsKeys.alerts(),
    queryFn: ({ signal }) =>
      apiFetch<{ alerts: Alert[] }>("/api/admin/alerts", { auth: true, signal }).then((r) => r.alerts),
  });

export const systemStatusQuery = () =>
  queryOptions({
    queryKey: operationsKeys.status(),
    queryFn: ({ signal }) => apiFetch<SystemStatus>("/api/admin/status", { auth: true, signal }),
  });

export const acknowledgeAlert = (id: string) =>
  apiFetch<{ alert: Alert }>(`/api/admin/alerts/${encodeURIComponent(id)}/acknowledge`, { method: "POST", auth: true });
