// PostgreSQL's CPU per write call: the app's write against the lean
// baseline's, each on one pooled connection of its own, the backend's utime + stime (/proc/<pid>/stat) summed over
// alternating blocks, plus the GIN index work each block's writes deferred, folded right after it
// (bench/api/postgres-cpu.ts); the benchmark's own bodies (bench/api.ts routeBodies). It writes what
// `npm run bench -- api` writes.
// - updateById: the app's updateDocument (lib/documents/server/update-document.ts: BEGIN + bounds, the locking read,
//   the update + history, COMMIT) against the baseline's (bench/api/baseline.ts: BEGIN, SELECT … FOR UPDATE, update +
//   history, COMMIT);
// - create: the app's createDocument (BEGIN + bounds, the catalog statement, protocol + row + history, COMMIT) against
//   the baseline's (BEGIN, status, product, modality, protocol + row, history, COMMIT).
//
//   DATABASE_URL=postgresql://…/docflow_bench_api_100000 node --conditions=react-server --import tsx \
//     bench/api/write-cpu.ts [updateById|create] [calls]
import { loadavg } from "node:os";
import pg from "pg";
import type { Actor } from "../../lib/auth/actor.ts";
import { createDocumentSchema, updateDocumentSchema } from "../../lib/documents/schemas.ts";
import { routeBodies } from "../api.ts";
import { create, update, poolDb, type Token } from "./baseline.ts";
import { foldGinPendingLists, processCpuMs } from "./postgres-cpu.ts";

const ROUTE = process.argv[2] ?? "updateById";
if (ROUTE !== "updateById" && ROUTE !== "create") throw new Error(`route: updateById or create, not ${ROUTE}`);
const CALLS = Number(process.argv[3]) || 1_000;
const BLOCKS = 10;
const url = process.env.DATABASE_URL!;
const named = (name: string) => `${url}${url.includes("?") ? "&" : "?"}application_name=${name}`;

process.env.DATABASE_URL = named("docflow_write_cpu_app");
process.env.DATABASE_POOL_SIZE = "1";
const { updateDocument } = await import("../../lib/documents/server/update-document.ts");
const { createDocument } = await import("../../lib/documents/server/create-document.ts");
const { closeDb } = await import("../../lib/db/client.ts");

const setup = new pg.Client({ connectionString: url });
await setup.connect();
// What bench/api.ts's prepareDatabase gives routeBodies: ids that exist, the seed's identifiers, status "Novo".
const [{ instanceId, statusId, productId, identifiers }] = (
  await setup.query(
    `SELECT i."id" AS "instanceId",
       (SELECT s."id" FROM "Status" s WHERE s."instanceId" = i."id" AND s."name" = 'Novo' LIMIT 1) AS "statusId",
       (SELECT min(p."id") FROM "Product" p WHERE p."instanceId" = i."id") AS "productId",
       (SELECT count(DISTINCT d."cpfDigits") FROM "Document" d WHERE d."instanceId" = i."id")::int AS "identifiers"
     FROM "Instance" i WHERE i."slug" = 'default'`,
  )
).rows;
const documentIds = Int32Array.from(
  (
    await setup.query(`SELECT "id" FROM "Document" WHERE "instanceId" = $1 ORDER BY random() LIMIT 200000`, [
      instanceId,
    ])
  ).rows,
  (row: { id: number }) => row.id,
);
const bodies = routeBodies({ documentIds, identifiers, statusId, productId });
const [tokenRow] = (
  await setup.query(`SELECT "id", "name" FROM "ApiToken" WHERE "instanceId" = $1 ORDER BY "id" DESC LIMIT 1`, [
    instanceId,
  ])
).rows;
const actor: Actor = {
  type: "token",
  id: tokenRow.id,
  label: `token:${tokenRow.name}`,
  instanceId,
  role: "staff",
  userId: null,
};
const token: Token = { instanceId, id: tokenRow.id, label: `token:${tokenRow.name}`, masked: new Set() };
const body = () => bodies[ROUTE]!.body() as Record<string, unknown>;

const baselinePool = new pg.Pool({ connectionString: named("docflow_write_cpu_baseline"), max: 1 });
const baselineDb = poolDb(baselinePool);
const cases: Record<string, () => Promise<unknown>> =
  ROUTE === "create"
    ? {
        app: () => createDocument({ actor }, createDocumentSchema.parse(body())),
        baseline: () => create(baselineDb, token, body()),
      }
    : {
        app: () => updateDocument({ actor }, updateDocumentSchema.parse(body())),
        baseline: () => update(baselineDb, token, body()),
      };
// Warm-up: opens each pool's connection and prepares the statements.
for (const run of Object.values(cases)) for (let i = 0; i < 20; i += 1) await run();
const pids: Record<string, number> = {};
for (const label of Object.keys(cases)) {
  const { rows } = await setup.query(`SELECT pid FROM pg_stat_activity WHERE application_name = $1`, [
    `docflow_write_cpu_${label}`,
  ]);
  if (rows.length !== 1) throw new Error(`expected one backend for ${label}, found ${rows.length}`);
  pids[label] = rows[0].pid;
}

const totals: Record<string, { cpu: number; wall: number }> = {
  app: { cpu: 0, wall: 0 },
  baseline: { cpu: 0, wall: 0 },
};
const load = [loadavg()[0]!];
for (let block = 0; block < BLOCKS; block += 1) {
  for (const [label, run] of Object.entries(cases)) {
    await foldGinPendingLists(setup); // the other's deferred index work is not this block's
    const before = processCpuMs(pids[label]!);
    const started = performance.now();
    for (let i = 0; i < CALLS / BLOCKS; i += 1) await run();
    totals[label]!.wall += performance.now() - started;
    totals[label]!.cpu += processCpuMs(pids[label]!) - before + (await foldGinPendingLists(setup));
  }
}
load.push(loadavg()[0]!);
console.log(
  `${ROUTE} (${CALLS} calls each, load ${load.map((value) => value.toFixed(1)).join("→")}): ` +
    Object.entries(totals)
      .map(
        ([label, { cpu, wall }]) =>
          `${label} ${(cpu / CALLS).toFixed(3)} ms CPU/call (${(cpu / totals.baseline!.cpu).toFixed(2)}× baseline), ` +
          `${(wall / CALLS).toFixed(3)} ms wall`,
      )
      .join("; "),
);
await setup.end();
await baselinePool.end();
await closeDb();
