import { queryOptions } from "@tanstack/react-query";
import { read, signedInApi, withSignal } from "../../lib/api";

const security = signedInApi.api.admin.security;

export const securityKeys = {
  all: ["admin", "security"] as const,
  logs: () => [...securityKeys.all, "logs"] as const,
  adminActivity: () => [...securityKeys.all, "admin-activity"] as const,
};

export const securityLogsQuery = () =>
  queryOptions({
    queryKey: securityKeys.logs(),
    queryFn: ({ signal }) => read(security.logs.$get(undefined, withSignal(signal))),
  });

export const adminActivityQuery = () =>
  queryOptions({
    queryKey: securityKeys.adminActivity(),
    queryFn: ({ signal }) =>
      read(security["admin-activity"].$get(undefined, withSignal(signal))).then((r) => r.activity),
  });

export const runSecurityScan = () => read(security.scan.$post());

export const cleanOldData = () => read(security.cleanup.$post());
