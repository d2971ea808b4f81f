/**
 * Cloudflare D1's documented per-statement and per-invocation limits (developers.cloudflare.com/d1/platform/limits).
 * Local workerd runs SQLite with its own, looser limits for most of these, so a statement that works in every
 * local run can fail in production; `checkStatement` says which limit a statement breaks (decision 178).
 */
export const D1_LIMITS = {
  /** Bytes of a LIKE or GLOB pattern. */
  likePatternBytes: 50,
  /** Bound parameters of one statement. */
  boundParameters: 100,
  /** Arguments of one SQL function call. */
  functionArguments: 32,
  /** Bytes of one SQL statement. */
  statementBytes: 100_000,
  /** Queries one Worker invocation may make (Workers Paid; 50 on the free plan). */
  queriesPerInvocation: 1_000,
} as const;

type Token =
  | { kind: "word"; text: string }
  | { kind: "quoted" }
  | { kind: "string"; text: string }
  | { kind: "param"; index: number }
  | { kind: "punct"; text: string };

/** Words that open a parenthesis without being a function call. */
const NOT_FUNCTIONS = new Set(
  (
    "in values exists as on using from select where and or not join table into key references check unique primary " +
    "over filter window partition with recursive materialized when then else end case by set update insert delete " +
    "returning union all except intersect conflict do nothing index trigger view if default constraint foreign match " +
    "like glob is between limit offset order group having distinct"
  ).split(" "),
);
/** A name after these words is a table, index or CTE with a column list, not a function. */
const NAMES_A_TABLE = new Set([
  "table",
  "into",
  "on",
  "references",
  "exists",
  "view",
  "index",
  "trigger",
  "with",
  "recursive",
]);

const utf8Bytes = (s: string) => new TextEncoder().encode(s).length;

/** SQLite's lexical tokens, enough to find parameters, LIKE operands and function calls. */
function tokenize(sql: string): Token[] {
  const tokens: Token[] = [];
  let nextParam = 0;
  let i = 0;
  while (i < sql.length) {
    const ch = sql[i] as string;
    if (/\s/.test(ch)) {
      i++;
    } else if (ch === "-" && sql[i + 1] === "-") {
      i = sql.indexOf("\n", i) === -1 ? sql.length : sql.indexOf("\n", i);
    } else if (ch === "/" && sql[i + 1] === "*") {
      const end = sql.indexOf("*/", i + 2);
      i = end === -1 ? sql.length : end + 2;
    } else if (ch === "'") {
      let text = "";
      i++;
      while (i < sql.length) {
        if (sql[i] === "'" && sql[i + 1] === "'") {
          text += "'";
          i += 2;
        } else if (sql[i] === "'") {
          i++;
          break;
        } else text += sql[i++];
      }
      tokens.push({ kind: "string", text });
    } else if (ch === '"' || ch === "`" || ch === "[") {
      const close = ch === "[" ? "]" : ch;
      const end = sql.indexOf(close, i + 1);
      i = end === -1 ? sql.length : end + 1;
      tokens.push({ kind: "quoted" });
    } else if (ch === "?") {
      const digits = /^\d+/.exec(sql.slice(i + 1))?.[0];
      const index = digits ? Number(digits) - 1 : nextParam;
      nextParam = Math.max(nextParam, index + 1);
      tokens.push({ kind: "param", index });
      i += 1 + (digits?.length ?? 0);
    } else if (/[A-Za-z_]/.test(ch)) {
      const word = /^[A-Za-z_][A-Za-z0-9_$]*/.exec(sql.slice(i))?.[0] as string;
      tokens.push({ kind: "word", text: word.toLowerCase() });
      i += word.length;
    } else if (/[0-9.]/.test(ch)) {
      i += /^[0-9.eE+-]+/.exec(sql.slice(i))?.[0].length ?? 1;
    } else {
      tokens.push({ kind: "punct", text: ch });
      i++;
    }
  }
  return tokens;
}

/** Arguments of the call whose "(" is at `open`: top-level commas + 1, or 0 for "()". */
function argumentCount(tokens: Token[], open: number): number {
  let depth = 0;
  let commas = 0;
  for (let i = open; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (t.kind !== "punct") continue;
    if (t.text === "(") depth++;
    else if (t.text === ")") {
      depth--;
      if (depth === 0) return i === open + 1 ? 0 : commas + 1;
    } else if (t.text === "," && depth === 1) commas++;
  }
  return commas + 1;
}

/** What a statement breaks of D1's per-statement limits, in words; empty when it is within them. */
export function checkStatement(sql: string, params: readonly unknown[]): string[] {
  const problems: string[] = [];
  const bytes = utf8Bytes(sql);
  if (bytes > D1_LIMITS.statementBytes)
    problems.push(`statement of ${bytes} bytes (D1 allows ${D1_LIMITS.statementBytes})`);
  if (params.length > D1_LIMITS.boundParameters)
    problems.push(`${params.length} bound parameters (D1 allows ${D1_LIMITS.boundParameters})`);

  const tokens = tokenize(sql);
  tokens.forEach((t, i) => {
    if (t.kind !== "word") return;
    const next = tokens[i + 1];
    if ((t.text === "like" || t.text === "glob") && next) {
      const pattern = next.kind === "string" ? next.text : next.kind === "param" ? params[next.index] : undefined;
      if (typeof pattern === "string" && utf8Bytes(pattern) > D1_LIMITS.likePatternBytes)
        problems.push(
          `${t.text.toUpperCase()} pattern of ${utf8Bytes(pattern)} bytes (D1 allows ${D1_LIMITS.likePatternBytes})`,
        );
    }
    const previous = tokens[i - 1];
    const isCall =
      next?.kind === "punct" &&
      next.text === "(" &&
      !NOT_FUNCTIONS.has(t.text) &&
      !(previous?.kind === "word" && NAMES_A_TABLE.has(previous.text));
    if (isCall) {
      const count = argumentCount(tokens, i + 1);
      if (count > D1_LIMITS.functionArguments)
        problems.push(`${t.text}() with ${count} arguments (D1 allows ${D1_LIMITS.functionArguments})`);
    }
  });
  return problems;
}
