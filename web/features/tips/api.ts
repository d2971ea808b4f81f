import { queryOptions } from "@tanstack/react-query";
import type { Locale } from "#contract/i18n/locales";
import type { TipInput } from "#contract/tips/schemas";
import { api, read, signedInApi, withSignal } from "../../lib/api";

export const tipKeys = {
  all: ["tips"] as const,
  current: (locale: Locale) => [...tipKeys.all, "current", locale] as const,
  admin: () => [...tipKeys.all, "admin"] as const,
};

const tips = signedInApi.api.admin.tips;

/** This week's tip for /actions (the one the newest weekly email carried), in the page's language when written. */
export const currentTipQuery = (locale: Locale) =>
  queryOptions({
    queryKey: tipKeys.current(locale),
    queryFn: ({ signal }) => read(api.api.tips.current.$get({ query: { lang: locale } }, withSignal(signal))),
    select: (data) => data.tip,
  });

export const adminTipsQuery = () =>
  queryOptions({
    queryKey: tipKeys.admin(),
    queryFn: ({ signal }) => read(tips.$get(undefined, withSignal(signal))).then((r) => r.tips),
    staleTime: 0,
  });

export const createTip = (json: TipInput) => read(tips.$post({ json })).then((r) => r.tip);

export const updateTip = (id: string, json: TipInput) =>
  read(tips[":id"].$put({ param: { id }, json })).then((r) => r.tip);

export const deleteTip = (id: string) => read(tips[":id"].$delete({ param: { id } }));

export const reorderTips = (ids: string[]) => read(tips.order.$put({ json: { ids } })).then((r) => r.tips);
