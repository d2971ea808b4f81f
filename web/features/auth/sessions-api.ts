import { queryOptions } from "@tanstack/react-query";
import { type ApiResponse, read, signedInApi, withSignal } from "../../lib/api";

const sessions = signedInApi.api.me.sessions;

export type MySession = ApiResponse<typeof sessions.$get>["sessions"][number];

/** The member's live sessions; under "me", so signing in or out clears them with the account. */
export const mySessionsQuery = () =>
  queryOptions({
    queryKey: ["me", "sessions"] as const,
    queryFn: ({ signal }) => read(sessions.$get(undefined, withSignal(signal))),
  });

export const endSession = (id: string) => read(sessions[":id"].$delete({ param: { id } }));
export const endOtherSessions = () => read(sessions["end-others"].$post());
