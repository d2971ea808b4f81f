import { queryOptions } from "@tanstack/react-query";
import { type ApiResponse, read, signedInApi, withSignal } from "../../lib/api";

const admin = signedInApi.api.admin;

/** An alert as the admin API answers with it. */
export type Alert = ApiResponse<typeof admin.alerts.$get>["alerts"][number];
/** The /api/admin/status answer. */
export type SystemStatus = ApiResponse<typeof admin.status.$get>;

export const operationsKeys = {
  all: ["admin", "operations"] as const,
  alerts: () => [...operationsKeys.all, "alerts"] as const,
  status: () => [...operationsKeys.all, "status"] as const,
};

export const openAlertsQuery = () =>
  queryOptions({
    queryKey: operationsKeys.alerts(),
    queryFn: ({ signal }) => read(admin.alerts.$get({ query: {} }, withSignal(signal))).then((r) => r.alerts),
  });

export const systemStatusQuery = () =>
  queryOptions({
    queryKey: operationsKeys.status(),
    queryFn: ({ signal }) => read(admin.status.$get(undefined, withSignal(signal))),
  });

export const acknowledgeAlert = (id: string) => read(admin.alerts[":id"].acknowledge.$post({ param: { id } }));
