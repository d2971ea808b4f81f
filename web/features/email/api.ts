import { queryOptions } from "@tanstack/react-query";
import type { CampaignStatus, EmailSettings } from "../../../worker/features/email/schemas";
import { apiFetch } from "../../lib/api";

/** The admin email tools' API calls and query keys. */
export const emailKeys = {
  all: ["admin-email"] as const,
  config: () => [...emailKeys.all, "config"] as const,
  settings: () => [...emailKeys.all, "settings"] as const,
  campaigns: (kind?: CampaignStatus["kind"]) => [...emailKeys.all, "campaigns", kind ?? "all"] as const,
};

export const emailConfigQuery = () =>
  queryOptions({
    queryKey: emailKeys.config(),
    queryFn: ({ signal }) =>
      apiFetch<{ missing_vars: string[]; provider: string; config_errors: string[] }>("/api/admin/email/config", {
        auth: true,
        signal,
      }),
  });

export const emailSettingsQuery = () =>
  queryOptions({
    queryKey: emailKeys.settings(),
    queryFn: ({ signal }) =>
      apiFetch<{ settings: EmailSettings }>("/api/admin/email/settings", { auth: true, signal }).then(
        (r) => r.settings,
      ),
  });

export const saveEmailSettings = (settings: EmailSettings) =>
  apiFetch<{ settings: EmailSettings }>("/api/admin/email/settings", { method: "PUT", body: settings, auth: true });

/** The spec's test-email-config: the provider's own answer about our key and sending domain. */
export const checkProviderConnection = () =>
  apiFetch<{ ok: boolean; provider: string; details: string }>("/api/admin/email/test-config", {
    method: "POST",
    auth: true,
  });

export type WelcomeTestResult = { ok: true; campaign_id: string } | { skipped: true; message: string };

export const sendWelcomeTest = (body: { email: string; first_name?: string }) =>
  apiFetch<WelcomeTestResult>("/api/admin/email/welcome-test", { method: "POST", body, auth: true });

export const triggerWeeklySend = (actionId?: string) =>
  apiFetch<{ success: boolean; message: string; campaign_id: string }>("/api/admin/email/weekly-send", {
    method: "POST",
    body: actionId ? { action_id: actionId } : {},
    auth: true,
  });

export const sendTestEmail = (body: { email: string; action_id?: string }) =>
  apiFetch<{ ok: boolean; campaign_id: string }>("/api/admin/email/test-send", { method: "POST", body, auth: true });

export const campaignsQuery = (kind?: CampaignStatus["kind"]) =>
  queryOptions({
    queryKey: emailKeys.campaigns(kind),
    queryFn: ({ signal }) =>
      apiFetch<{ campaigns: CampaignStatus[] }>("/api/admin/email/campaigns", {
        auth: true,
        signal,
        query: { kind },
      }).then((r) => r.campaigns),
    staleTime: 0,
    // Follow a send while it is running.
    refetchInterval: (query) =>
      query.state.data?.some((c) => c.status === "pending" || c.status === "sending") ? 5_000 : false,
  });
