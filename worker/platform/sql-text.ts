import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { D1_LIMITS } from "./d1-statement-check";

const ASCII_UPPER = /[A-Z]/g;

/**
 * `text` contains `needle`, in any ASCII case, with `%`, `_` and `\` taken literally. A LIKE pattern while it
 * fits D1's 50 bytes (LIKE can use the covering indexes' text); past that, `instr` over the lowered text,
 * which has no length limit and matches the same rows (SQLite's lower() and LIKE both fold ASCII only).
 */
export function containsText(text: SQLWrapper, needle: string): SQL {
  const pattern = `%${needle.replace(/[\\%_]/g, "\\$&")}%`;
  if (new TextEncoder().encode(pattern).length <= D1_LIMITS.likePatternBytes) {
    return sql`${text} like ${pattern} escape '\\'`;
  }
  return sql`instr(lower(${text}), ${needle.replace(ASCII_UPPER, (c) => c.toLowerCase())}) > 0`;
}
