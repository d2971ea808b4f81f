import { read, signedInApi } from "../../lib/api";

/** The spec's export-weekly-content: the current action as social-post text. */
export const fetchWeeklyContent = () => read(signedInApi.api.admin["content-export"].$post());
