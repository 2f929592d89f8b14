// PostgreSQL's CPU per updateById (issue 17, third pass): the app's write (lib/documents/server/update-document.ts's
// updateDocument: its transaction with BEGIN + bounds, the locking read, the update + history, COMMIT) against the
// lean baseline's (bench/api/baseline.ts: BEGIN, SELECT … FOR UPDATE, update + history, COMMIT), each on one pooled
// connection of its own, the backend's utime + stime (/proc/<pid>/stat) summed over alternating blocks, plus the GIN
// index work each block's writes deferred, folded right after it (bench/api/postgres-cpu.ts); the benchmark's own
// updateById body (random document, filled_columns merged). It writes what `npm run bench -- api` writes.
//
//   DATABASE_URL=postgresql://…/docflow_bench_api_100000 node --conditions=react-server --import tsx bench/api/update-cpu.ts [calls]
import { randomInt } from "node:crypto";
import { loadavg } from "node:os";
import pg from "pg";
import type { Actor } from "../../lib/auth/actor.ts";
import { update, poolDb, type Token } from "./baseline.ts";
import { foldGinPendingLists, processCpuMs } from "./postgres-cpu.ts";

const CALLS = Number(process.argv[2]) || 1_000;
const BLOCKS = 10;
const url = process.env.DATABASE_URL!;
const named = (name: string) => `${url}${url.includes("?") ? "&" : "?"}application_name=${name}`;

process.env.DATABASE_URL = named("docflow_update_cpu_app");
process.env.DATABASE_POOL_SIZE = "1";
const { updateDocument } = await import("../../lib/documents/server/update-document.ts");
const { closeDb } = await import("../../lib/db/client.ts");

const setup = new pg.Client({ connectionString: url });
await setup.connect();
const [{ instanceId, minId, maxId }] = (
  await setup.query(
    `SELECT "instanceId", min("id") AS "minId", max("id") AS "maxId" FROM "Document" GROUP BY 1 LIMIT 1`,
  )
).rows;
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
const body = () => ({
  id: randomInt(Number(minId), Number(maxId) + 1),
  filled_columns: { valor_segurado: randomInt(1_000_000), vistoria: "ok" },
});

const baselinePool = new pg.Pool({ connectionString: named("docflow_update_cpu_baseline"), max: 1 });
const baselineDb = poolDb(baselinePool);
const cases: Record<string, () => Promise<unknown>> = {
  app: () => updateDocument({ actor }, body()),
  baseline: () => update(baselineDb, token, body()),
};
// Warm-up: opens each pool's connection and prepares the statements.
for (const run of Object.values(cases)) for (let i = 0; i < 20; i += 1) await run();
const pids: Record<string, number> = {};
for (const label of Object.keys(cases)) {
  const { rows } = await setup.query(`SELECT pid FROM pg_stat_activity WHERE application_name = $1`, [
    `docflow_update_cpu_${label}`,
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
  `updateById (${CALLS} calls each, load ${load.map((value) => value.toFixed(1)).join("→")}): ` +
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
