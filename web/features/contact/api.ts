import type { ContactInput } from "../../../worker/features/contact/schemas";
import { api, read } from "../../lib/api";

export const sendContactMessage = (json: ContactInput) => read(api.api.contact.$post({ json }));
