import { checkStatement, D1_LIMITS } from "./d1-statement-check";

/**
 * Production's D1 limits, enforced where local workerd is looser (decision 178). With `D1_LIMITS=enforce`
 * (the Worker tests, the browser tests and the benchmarks set it; production never does), each invocation's
 * D1 binding is wrapped: a statement that breaks a limit throws before it reaches SQLite, and so does the
 * query past the per-invocation budget. Every breach is also kept in `d1LimitBreaches`, so a breach in
 * background work whose error is only logged still fails the test that caused it.
 */
export const d1LimitBreaches: string[] = [];

export class D1LimitError extends Error {
  override name = "D1LimitError";
}

/** How many D1 queries an invocation has made (statements; a batch counts each of its statements). */
export type D1Usage = { queries: number };

type Bound = { sql: string; params: readonly unknown[] };

function breach(message: string): never {
  d1LimitBreaches.push(message);
  throw new D1LimitError(message);
}

/** Wraps one invocation's binding; `usage` counts its queries. */
export function limitCheckedD1(d1: D1Database, usage: D1Usage): D1Database {
  // The statement objects the wrapper hands out, mapped to the binding's own (batch takes only those).
  const originals = new WeakMap<object, { statement: D1PreparedStatement } & Bound>();

  const spend = (count: number, what: string) => {
    usage.queries += count;
    if (usage.queries > D1_LIMITS.queriesPerInvocation)
      breach(`${usage.queries} queries in one invocation (D1 allows ${D1_LIMITS.queriesPerInvocation}): ${what}`);
  };
  const check = ({ sql, params }: Bound) => {
    const problems = checkStatement(sql, params);
    if (problems.length > 0) breach(`${problems.join("; ")} in: ${sql.slice(0, 300)}`);
  };

  const wrapStatement = (statement: D1PreparedStatement, bound: Bound): D1PreparedStatement => {
    const wrapped: D1PreparedStatement = new Proxy(statement, {
      get(target, key) {
        if (key === "bind")
          return (...params: unknown[]) => wrapStatement(target.bind(...params), { sql: bound.sql, params });
        if (key === "first" || key === "all" || key === "raw" || key === "run")
          return (...args: unknown[]) => {
            check(bound);
            spend(1, bound.sql.slice(0, 120));
            return (target[key] as (...a: unknown[]) => unknown).apply(target, args);
          };
        const value = Reflect.get(target, key, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    originals.set(wrapped, { statement, ...bound });
    return wrapped;
  };

  const wrapSession = <T extends D1Database | D1DatabaseSession>(db: T): T =>
    new Proxy(db, {
      get(target, key) {
        if (key === "prepare") return (sql: string) => wrapStatement(target.prepare(sql), { sql, params: [] });
        if (key === "batch")
          return (statements: D1PreparedStatement[]) => {
            const natives = statements.map((s) => {
              const original = originals.get(s);
              if (!original) return s;
              check(original);
              return original.statement;
            });
            spend(statements.length, "batch");
            return target.batch(natives);
          };
        if (key === "exec")
          return (sql: string) => {
            check({ sql, params: [] });
            spend(sql.split(";").filter((s) => s.trim()).length, "exec");
            return (target as D1Database).exec(sql);
          };
        if (key === "withSession")
          return (constraint?: string) => wrapSession((target as D1Database).withSession(constraint));
        const value = Reflect.get(target, key, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });

  return wrapSession(d1);
}

/** The env an invocation runs with: its D1 binding limit-checked when `D1_LIMITS=enforce`. */
export function withD1Limits<E extends { DB: D1Database; D1_LIMITS?: string }>(env: E, usage: D1Usage): E {
  return env.D1_LIMITS === "enforce" ? { ...env, DB: limitCheckedD1(env.DB, usage) } : env;
}
