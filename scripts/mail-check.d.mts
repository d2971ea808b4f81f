/** The mail provider's domain check (see mail-check.mjs). */
export declare function mailDomainOf(fromEmail: unknown): string;
export declare function checkMailDomain(input: {
  config: { vars?: Record<string, unknown> };
  env: Record<string, string | undefined>;
  fetch?: typeof fetch;
}): Promise<{ problems: string[]; notes: string[]; domain: string; verified: boolean }>;
