import { apiFetch } from "../../lib/api";

/** The spec's export-weekly-content: the current action as social-post text. */
export const fetchWeeklyContent = () =>
  apiFetch<{ content: string }>("/api/admin/content-export", { method: "POST", auth: true });
