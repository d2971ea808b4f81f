import { queryOptions } from "@tanstack/react-query";
import type { InferRequestType } from "hono/client";
import { AUDUBON_BATCH } from "#contract/ingestion/sources-meta";
import { type ApiResponse, read, signedInApi, withSignal } from "../../lib/api";

const ingestion = signedInApi.api.admin.ingestion;

export const ingestionKeys = {
  sources: ["admin", "ingestion", "sources"] as const,
};

export type IngestionSource = ApiResponse<typeof ingestion.sources.$get>["sources"][number];

export const ingestionSourcesQuery = () =>
  queryOptions({
    queryKey: ingestionKeys.sources,
    queryFn: ({ signal }) => read(ingestion.sources.$get(undefined, withSignal(signal))),
    staleTime: 0,
    // Follow runs still going (the daily schedule's, another admin's, or one that outlived its
    // request): the "still running" toast promises the card updates when the run finishes.
    refetchInterval: (query) =>
      query.state.data?.sources.some((s) => s.latest_run?.status === "running") ? 5_000 : false,
  });

export type RunRecord = NonNullable<IngestionSource["latest_run"]>;
export type RunAnswer = ApiResponse<typeof ingestion.run.$post>;
export type RunSummary = RunAnswer["summary"];
export type RunResult = RunAnswer["results"][number];

export const runIngestion = (json: InferRequestType<typeof ingestion.run.$post>["json"]) =>
  read(ingestion.run.$post({ json }));

export const runAudubonBatch = () =>
  read(
    ingestion["audubon-batch"].$post({
      json: { total_batches: AUDUBON_BATCH.totalBatches, batch_size: AUDUBON_BATCH.batchSize },
    }),
  );
