// Named (prepared) statements on PGlite. PGlite's `query` sends Parse (always the unnamed statement),
// Describe, Bind, Describe, Execute and Sync as six calls into the WebAssembly backend and has PostgreSQL parse and plan
// the text on every call. Here a statement is parsed once per PGlite handle under a name (Parse + Describe + Sync, which
// also answers its parameter and column types), then every call is ONE call into the backend with Bind + Execute + Sync
// for the named statement, its rows parsed with the handle's own type parsers — the same values `query` answers
// (tests/pglite-prepared.db.test.ts). Measured on the embedded benchmark's 100,000 documents: the loadByCPF read view
// 2.4 → 0.6 ms of CPU per call, loadById 1.75 → 0.23 (docs/decisions/0029-prepared-statements.md).
// Like `query`, it runs under the handle's query lock (`runExclusive`), so it never interleaves with another statement;
// inside `transaction` the caller already holds the transaction lock. The texts must be constant (module constants
// with $n parameters), as for pg's named statements (sql-session.ts).
import type { PGlite } from "@electric-sql/pglite";

type Protocol = typeof import("@electric-sql/pglite");
type Prepared = { name: string; paramTypes: number[]; fields: { name: string; dataTypeID: number }[] };
type Message = { name: string; dataTypeIDs?: number[]; fields?: unknown[]; text?: string };

/** The file system is synced once after the statement (outside a transaction), as PGlite's `query` does. */
const NO_SYNC = { syncToFs: false };
let pgliteModule: Promise<Protocol> | null = null;
/**
 * The statements parsed on a handle live on the handle, under a process-wide symbol: Next's server bundles and the code
 * beside them (a worker, a test) can hold separate copies of this module on the one PGlite, and a copy that did not
 * know a statement was parsed would Parse it again ("prepared statement … already exists").
 */
const PARSED = Symbol.for("docflow.pglite.parsedStatements");

type Handle = PGlite & {
  serializers: Record<number, (value: unknown) => string>;
  parsers: Record<number, (value: string, type: number) => unknown>;
};

/**
 * Runs `text` (whose statement name is `name`) with `params` as a named statement on `pglite`; `inTransaction`: the
 * caller's transaction is open (no sync to the file system after the statement, as PGlite's own `query` inside one).
 */
export async function pglitePreparedQuery(
  pglite: PGlite,
  name: string,
  text: string,
  params: unknown[],
  inTransaction: boolean,
): Promise<{ rows: Record<string, unknown>[]; rowCount: number }> {
  const { protocol, types } = await (pgliteModule ??= import("@electric-sql/pglite"));
  const { serialize } = protocol;
  const handle = pglite as Handle & { [PARSED]?: Map<string, Prepared> };
  const result = await pglite.runExclusive(async () => {
    const statements = (handle[PARSED] ??= new Map());
    let statement = statements.get(text);
    if (!statement) {
      const { messages } = await pglite.execProtocol(
        concat([serialize.parse({ name, text }), serialize.describe({ type: "S", name }), serialize.sync()]),
        NO_SYNC,
      );
      const parameters = (messages as Message[]).find((message) => message.name === "parameterDescription");
      const columns = (messages as Message[]).find((message) => message.name === "rowDescription");
      statement = {
        name,
        paramTypes: parameters?.dataTypeIDs ?? [],
        fields: ((columns?.fields ?? []) as { name: string; dataTypeID: number }[]).map(({ name, dataTypeID }) => ({
          name,
          dataTypeID,
        })),
      };
      statements.set(text, statement);
    }
    const values = params.map((value, index) => {
      if (value == null) return null;
      const serializer = handle.serializers[statement.paramTypes[index]!];
      return serializer ? serializer(value) : String(value);
    });
    const { messages } = await pglite.execProtocol(
      concat([serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()]),
      NO_SYNC,
    );
    const rows: Record<string, unknown>[] = [];
    let rowCount = 0;
    for (const message of messages as Message[]) {
      if (message.name === "dataRow") {
        const row: Record<string, unknown> = {};
        const fields = message.fields as (string | null)[];
        for (let i = 0; i < statement.fields.length; i += 1) {
          const { name: column, dataTypeID } = statement.fields[i]!;
          row[column] = types.parseType(fields[i] ?? null, dataTypeID, handle.parsers);
        }
        rows.push(row);
      } else if (message.name === "commandComplete") {
        const words = message.text!.split(" ");
        const count = Number.parseInt(words[words.length - 1]!, 10);
        rowCount = Number.isNaN(count) ? rows.length : count;
      }
    }
    return { rows, rowCount };
  });
  if (!inTransaction) await pglite.syncToFs();
  return result;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const buffer = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let at = 0;
  for (const part of parts) {
    buffer.set(part, at);
    at += part.length;
  }
  return buffer;
}
