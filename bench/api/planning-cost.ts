// Planning against execution of the document API's read statements on the benchmark's database: each
// statement N times on one connection sent unnamed (parsed and planned every call, as before) and as a named
// statement (prepared once, its plan kept by the connection, as lib/db/raw-query.ts now sends it), alternating in
// blocks; then the medians of EXPLAIN (ANALYZE, SUMMARY) planning and execution time, unprepared and prepared.
//
//   DATABASE_URL=postgresql://…/docflow_bench_api_100000 npx tsx bench/api/planning-cost.ts [calls]
import { loadavg } from "node:os";
import pg from "pg";
import { READ_VIEW_BY_ID, readViewsByCpfSql } from "../../lib/documents/read-view-sql.ts";
import { identifierDigits } from "./seed.ts";

const CALLS = Number(process.argv[2]) || 2_000;
const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
await client.connect();
const [{ instanceId, identifiers }] = (
  await client.query(`SELECT "instanceId", count(*)::int / 10 AS identifiers FROM "Document" GROUP BY 1 LIMIT 1`)
).rows;
const ids = (await client.query(`SELECT "id" FROM "Document" ORDER BY random() LIMIT $1`, [CALLS])).rows.map(
  (row) => row.id as number,
);
const cpf = (index: number) => identifierDigits((index * 7) % identifiers);
const statements: Record<string, { text: string; params: (index: number) => unknown[] }> = {
  READ_VIEW_BY_ID: { text: READ_VIEW_BY_ID, params: (i) => [ids[i % ids.length], instanceId] },
  "loadByCPF (one identifier)": {
    text: readViewsByCpfSql("one", false, "clear", "cached"),
    params: (i) => [instanceId, cpf(i)],
  },
  "loadByCPF (one identifier, categories)": {
    text: readViewsByCpfSql("one", true, "clear", "cached"),
    params: (i) => [instanceId, cpf(i), ["primary", "valid"]],
  },
};

const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const literal = (value: unknown) =>
  Array.isArray(value)
    ? `ARRAY[${value.map((item) => `'${item}'`).join(",")}]::text[]`
    : typeof value === "string"
      ? `'${value}'`
      : String(value);

for (const [label, { text, params }] of Object.entries(statements)) {
  const key = label.replace(/\W+/g, "_");
  const ms = { unnamed: 0, named: 0 };
  for (let block = 0; block < 10; block += 1) {
    for (const kind of ["unnamed", "named"] as const) {
      const started = performance.now();
      for (let i = block * (CALLS / 10); i < (block + 1) * (CALLS / 10); i += 1) {
        await client.query(
          kind === "named" ? { name: `cost_${key}`, text, values: params(i) } : { text, values: params(i) },
        );
      }
      ms[kind] += performance.now() - started;
    }
  }
  const explain = async (sql: string) => {
    const [plan] = (await client.query(`EXPLAIN (ANALYZE, SUMMARY, FORMAT JSON) ${sql}`)).rows[0]["QUERY PLAN"];
    return { planning: plan["Planning Time"] as number, execution: plan["Execution Time"] as number };
  };
  const inlined = (i: number) => text.replace(/\$(\d+)/g, (_, n) => literal(params(i)[Number(n) - 1]));
  const unprepared = [];
  for (let i = 0; i < 50; i += 1) unprepared.push(await explain(inlined(i)));
  await client.query(`PREPARE explain_${key} AS ${text}`);
  const prepared = [];
  for (let i = 0; i < 50; i += 1) {
    prepared.push(await explain(`EXECUTE explain_${key}(${params(i).map(literal).join(", ")})`));
  }
  console.log(
    `${label}: ${CALLS} calls on one connection — unnamed ${(ms.unnamed / CALLS).toFixed(3)} ms/call, named ` +
      `${(ms.named / CALLS).toFixed(3)} ms/call; EXPLAIN (ANALYZE, SUMMARY) medians of 50 — unprepared planning ` +
      `${median(unprepared.map((p) => p.planning)).toFixed(3)} ms, execution ${median(unprepared.map((p) => p.execution)).toFixed(3)} ms; ` +
      `prepared planning ${median(prepared.map((p) => p.planning)).toFixed(3)} ms, execution ` +
      `${median(prepared.map((p) => p.execution)).toFixed(3)} ms (load ${loadavg()[0]!.toFixed(1)})`,
  );
}
await client.end();
