import { queryOptions } from "@tanstack/react-query";
import type { AdminActivity, CleanupResult, ScanResult, SecurityLogs } from "../../../worker/features/security/schemas";
import { apiFetch } from "../../lib/api";

export const securityKeys = {
  all: ["admin", "security"] as const,
  logs: () => [...securityKeys.all, "logs"] as const,
  adminActivity: () => [...securityKeys.all, "admin-activity"] as const,
};

export const securityLogsQuery = () =>
  queryOptions({
    queryKey: securityKeys.logs(),
    queryFn: ({ signal }) => apiFetch<SecurityLogs>("/api/admin/security/logs", { auth: true, signal }),
  });

export const adminActivityQuery = () =>
  queryOptions({
    queryKey: securityKeys.adminActivity(),
    queryFn: ({ signal }) =>
      apiFetch<{ activity: AdminActivity[] }>("/api/admin/security/admin-activity", { auth: true, signal }).then(
        (r) => r.activity,
      ),
  });

export const runSecurityScan = () => apiFetch<ScanResult>("/api/admin/security/scan", { method: "POST", auth: true });

export const cleanOldData = () =>
  apiFetch<CleanupResult>("/api/admin/security/cleanup", { method: "POST", auth: true });
