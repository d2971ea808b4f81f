import type { ContactInput } from "../../../worker/features/contact/schemas";
import { apiFetch } from "../../lib/api";

export const sendContactMessage = (body: ContactInput) =>
  apiFetch<{ ok: true; id: string }>("/api/contact", { method: "POST", body });
