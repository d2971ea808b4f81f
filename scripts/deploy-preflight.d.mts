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
