import { getConnection } from "@/lib/db/client.ts";

export type SqlRecorder = {
  /** Statements sent since the last reset, without transaction control (BEGIN/COMMIT/ROLLBACK/SAVEPOINT). */
  statements: () => string[];
  /** Those of them sent without a statement name (parsed and planned on every call); on PGlite that is all of them. */
  unnamed: () => string[];
  /** Transactions opened since the last reset. */
  transactions: () => number;
  reset: () => void;
};

const CONTROL = /^\s*(BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE|START TRANSACTION)\b/i;

/**
 * Records every SQL statement the process's database connection sends — the test process and the app served in it
 * share one connection (lib/db/client.ts) — by wrapping the driver's own query path: pg's Client#query for
 * PostgreSQL, the PGlite instance's query/exec and its transactions' query/exec.
 */
export async function recordSql(): Promise<SqlRecorder> {
  const connection = await getConnection();
  let statements: string[] = [];
  let unnamed: string[] = [];
  let transactions = 0;
  const note = (query: unknown) => {
    const text = typeof query === "string" ? query : String((query as { text?: string })?.text ?? "");
    if (/^\s*BEGIN\b/i.test(text)) transactions += 1;
    if (CONTROL.test(text)) return;
    const oneLine = text.replace(/\s+/g, " ").trim();
    statements.push(oneLine);
    if (typeof query === "string" || !(query as { name?: string })?.name) unnamed.push(oneLine);
  };
  if (connection.pool) {
    const proto = (connection.pool as unknown as { Client: { prototype: { query: (...args: unknown[]) => unknown } } })
      .Client.prototype;
    if (!(proto.query as { recorded?: boolean }).recorded) {
      const original = proto.query;
      const wrapped = function (this: unknown, ...args: unknown[]) {
        (globalThis as { __sqlNote?: (query: unknown) => void }).__sqlNote?.(args[0]);
        return original.apply(this, args);
      };
      (wrapped as { recorded?: boolean }).recorded = true;
      proto.query = wrapped;
    }
  } else if (connection.pglite) {
    const pglite = connection.pglite as unknown as Record<string, (...args: unknown[]) => Promise<unknown>> & {
      __recorded?: boolean;
    };
    if (!pglite.__recorded) {
      pglite.__recorded = true;
      const wrapQueries = (target: Record<string, (...args: unknown[]) => unknown>) =>
        new Proxy(target, {
          get(object, key) {
            const value = Reflect.get(object, key) as unknown;
            if (typeof value !== "function") return value;
            if (key === "query" || key === "exec") {
              return (...args: unknown[]) => {
                (globalThis as { __sqlNote?: (query: unknown) => void }).__sqlNote?.(args[0]);
                return (value as (...a: unknown[]) => unknown).apply(object, args);
              };
            }
            return (value as (...a: unknown[]) => unknown).bind(object);
          },
        });
      for (const method of ["query", "exec"] as const) {
        const original = pglite[method]!.bind(pglite);
        pglite[method] = (...args: unknown[]) => {
          (globalThis as { __sqlNote?: (query: unknown) => void }).__sqlNote?.(args[0]);
          return original(...args);
        };
      }
      const originalTransaction = pglite.transaction!.bind(pglite);
      pglite.transaction = (callback: unknown) =>
        originalTransaction((tx: Record<string, (...args: unknown[]) => unknown>) => {
          (globalThis as { __sqlNote?: (query: unknown) => void }).__sqlNote?.("BEGIN");
          return (callback as (tx: unknown) => unknown)(wrapQueries(tx));
        });
    }
  }
  (globalThis as { __sqlNote?: (query: unknown) => void }).__sqlNote = note;
  return {
    statements: () => [...statements],
    unnamed: () => [...unnamed],
    transactions: () => transactions,
    reset: () => {
      statements = [];
      unnamed = [];
      transactions = 0;
    },
  };
}
