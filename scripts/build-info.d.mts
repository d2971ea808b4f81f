export function buildInfo(): { version: string; commit: string; builtAt: string };
export function buildDefine(): Record<string, string>;
export function apiReferenceVersion(): string;
