/** The deploy's preflight checks (see deploy-preflight.mjs). */
export declare const REQUIRED_SECRETS: string[];
export type PreflightInput = {
  config: {
    vars?: Record<string, unknown>;
    d1_databases?: { binding: string; database_id?: string }[];
    kv_namespaces?: { binding: string; id?: string }[];
    routes?: unknown[];
  };
  secrets: string[];
  pendingMigrations: string[];
  zipCount: number;
  allowWorkersDev?: boolean;
};
export declare function preflightProblems(input: PreflightInput): string[];
export declare function pendingFromMigrationsList(output: string): string[];
export declare function misplacedTopLevelKeys(toml: string): string[];
export declare function configuredQueues(config: {
  queues?: { producers?: { queue: string }[]; consumers?: { queue: string; dead_letter_queue?: string }[] };
}): string[];
export declare function missingResourceProblems(input: {
  config: Record<string, unknown>;
  existing: { d1: { name: string; uuid: string }[]; kv: { id: string }[]; r2: string[]; queues: string[] };
}): string[];
export declare function bucketsFromList(output: string): string[];
export declare function queuesFromList(output: string): string[];
