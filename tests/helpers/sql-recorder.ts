import { getConnection } from "@/lib/db/client.ts";

export type SqlRecorder = {
  /** Statements sent since the last reset, without transaction control (BEGIN/COMMIT/ROLLBACK/SAVEPOINT). */
  statements: () => string[];
  /** Those of them sent without a statement name (parsed and planned on every call). */
  unnamed: () => string[];
  /** Transactions opened since the last reset. */
  transactions: () => number;
  reset: () => void;
};

const CONTROL = /^\s*(BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE|START TRANSACTION)\b/i;

/**
 * Records every SQL statement the process's database connection sends — the test process and the app served in it
 * share one connection (lib/db/client.ts) — by wrapping the driver's own query path: pg's Client#query for
 * PostgreSQL, the PGlite instance's query/exec, its transactions' query/exec and its execProtocol (named statements).
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
      // Named statements (lib/db/pglite-prepared.ts) go through execProtocol: each Bind of a named statement is one
      // statement, noted by the text its Parse gave that name.
      const parsed = new Map<string, string>();
      const originalProtocol = pglite.execProtocol!.bind(pglite);
      pglite.execProtocol = (...args: unknown[]) => {
        for (const message of protocolMessages(args[0] as Uint8Array)) {
          if (message.type === "P") parsed.set(message.strings[0]!, message.strings[1]!);
          if (message.type === "B" && message.strings[1]) {
            const name = message.strings[1];
            (globalThis as { __sqlNote?: (query: unknown) => void }).__sqlNote?.({
              name,
              text: parsed.get(name) ?? name,
            });
          }
        }
        return originalProtocol(...args);
      };
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

/** The frontend messages in a protocol buffer: each one's type and its first two NUL-terminated strings. */
function protocolMessages(buffer: Uint8Array): { type: string; strings: string[] }[] {
  const messages: { type: string; strings: string[] }[] = [];
  const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  const decoder = new TextDecoder();
  for (let at = 0; at + 5 <= buffer.length;) {
    const type = String.fromCharCode(buffer[at]!);
    const end = at + 1 + view.getInt32(at + 1);
    const strings: string[] = [];
    for (let from = at + 5; strings.length < 2 && from < end;) {
      const nul = buffer.indexOf(0, from);
      if (nul < 0 || nul >= end) break;
      strings.push(decoder.decode(buffer.subarray(from, nul)));
      from = nul + 1;
    }
    messages.push({ type, strings });
    at = end;
  }
  return messages;
}
