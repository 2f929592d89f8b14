// PostgreSQL's CPU per call of the document API's read statements against the lean baseline's, measured
// where load moves it least: each statement N times as a named (prepared) statement on one connection of its own,
// the backend's utime + stime (/proc/<pid>/stat) before and after, in alternating blocks; the same parameters for
// every statement of a route. The app's statements in both shapes (its role's policy known to the server — the
// statement without the policy column — and not yet: with it), answered as the benchmark's staff token reads them
// (masked by the default policy); the baseline's as bench/api/baseline.ts sends them (its token lookup, which the app
// caches, is left out). Beside it, this process's CPU per call ("node"): the driver reading the rows plus building
// the answer's JSON text as each server does (the app: lib/documents/server/read-view-json.ts; the baseline: its
// readView + JSON.stringify) — the part of the work that moved from PostgreSQL to Node in the third pass.
//
//   DATABASE_URL=postgresql://…/docflow_bench_api_100000 npx tsx bench/api/statement-cpu.ts [calls]
//   (BENCH_ROUTES=loadById,… and BENCH_CASES="policy cached,step joins" keep some routes and cases)
import "../../scripts/support/allow-server-only.ts";
import { loadavg } from "node:os";
import pg from "pg";
import { DEFAULT_MASKED_FIELDS } from "../../lib/documents/masking-policy-schema.ts";
import {
  readViewByIdSql,
  readViewsByCpfSql,
  type ReadViewRow,
  type StepMapColumn,
} from "../../lib/documents/read-view-sql.ts";
import { readView, VIEW_BY_ID_SQL, VIEWS_BY_CPF_SQL } from "./baseline.ts";
import { processCpuMs } from "./postgres-cpu.ts";
import { formattedCpf, identifierDigits } from "./seed.ts";

// lib server files are marked `server-only`: loaded after the hook above (scripts/support/allow-server-only.ts).
const { readViewJson, readViewsJson } = await import("../../lib/documents/server/read-view-json.ts");
const { rememberStepMap } = await import("../../lib/documents/server/read-step-cache.ts");

const CALLS = Number(process.argv[2]) || 2_000;
const BLOCKS = 10;

const setup = new pg.Client({ connectionString: process.env.DATABASE_URL });
await setup.connect();
const [{ instanceId, identifiers }] = (
  await setup.query(`SELECT "instanceId", count(*)::int / 10 AS identifiers FROM "Document" GROUP BY 1 LIMIT 1`)
).rows;
const ids = (await setup.query(`SELECT "id" FROM "Document" ORDER BY random() LIMIT $1`, [CALLS])).rows.map(
  (row) => row.id as number,
);
// The instance's step map as the app's server holds it between reads (read-step-cache.ts).
const stepMapColumn = (await setup.query(readViewByIdSql("clear", "map"), [ids[0], instanceId])).rows[0]
  .stepMap as StepMapColumn;
const steps = rememberStepMap(instanceId, 0, stepMapColumn);
await setup.end();
const cpf = (index: number) => {
  const digits = identifierDigits((index * 7 + 101) % identifiers);
  return index % 2 ? formattedCpf(digits) : digits;
};

type Rows = Array<Record<string, unknown>>;
type Case = { text: string; params: (index: number) => unknown[]; answer: (rows: Rows) => string };
const masked = new Set(DEFAULT_MASKED_FIELDS);
const CATEGORIES = ["primary", "valid"];
const appOne = (rows: Rows) => readViewJson(rows[0] as ReadViewRow, steps, masked);
const appMany = (rows: Rows) => readViewsJson(rows as ReadViewRow[], steps, masked);
/**
 * The statement as the fourth pass sent it (before the step map was held per server): the step read through
 * ProductStatusStep and ProductStep joins, four more columns.
 */
const withStepJoins = (text: string) => {
  const joined = text
    .replace(
      `JOIN "Product" p ON p."id" = d."productId"`,
      `JOIN "Product" p ON p."id" = d."productId"
  LEFT JOIN "ProductStatusStep" ps ON ps."productId" = d."productId" AND ps."statusId" = d."statusId"
  LEFT JOIN "ProductStep" st ON st."id" = coalesce(ps."stepId", s."stepId") AND st."productId" = d."productId"`,
    )
    .replace(
      `s."stepId" AS "sStepId"`,
      `s."stepId" AS "sStepId", st."id" AS "stId", st."productId" AS "stProductId", st."name" AS "stName", st."order" AS "stOrder"`,
    )
    .replace(`v."sStepId"`, `v."sStepId", v."stId", v."stProductId", v."stName", v."stOrder"`);
  if (joined === text || !joined.includes(`"stOrder"`)) throw new Error("withStepJoins: the statement's shape moved");
  return joined;
};
const appInCategories = (rows: Rows) => appMany(rows[0]?.id == null ? [] : rows);
const baselineOne = (rows: Rows) => JSON.stringify(readView(rows[0]!, masked));
const baselineMany = (rows: Rows) => JSON.stringify(rows.map((row) => readView(row, masked)));
const baselineInCategories = (rows: Rows) =>
  baselineMany(rows.filter((row) => CATEGORIES.includes(row.c_key as string)));
const routes: Record<string, Record<string, Case>> = {
  loadById: {
    "app, policy cached": {
      text: readViewByIdSql("clear", "cached"),
      params: (i) => [ids[i], instanceId],
      answer: appOne,
    },
    "app, step joins (4th pass)": {
      text: withStepJoins(readViewByIdSql("clear", "cached")),
      params: (i) => [ids[i], instanceId],
      answer: appOne,
    },
    "app with policy column": {
      text: readViewByIdSql("policy", "cached"),
      params: (i) => [ids[i], instanceId, "staff"],
      answer: appOne,
    },
    baseline: { text: VIEW_BY_ID_SQL.text, params: (i) => [ids[i], instanceId], answer: baselineOne },
  },
  loadByCPF: {
    "app, policy cached": {
      text: readViewsByCpfSql("one", false, "clear", "cached"),
      params: (i) => [instanceId, cpf(i)],
      answer: appMany,
    },
    "app, step joins (4th pass)": {
      text: withStepJoins(readViewsByCpfSql("one", false, "clear", "cached")),
      params: (i) => [instanceId, cpf(i)],
      answer: appMany,
    },
    "app with policy column": {
      text: readViewsByCpfSql("one", false, "policy", "cached"),
      params: (i) => [instanceId, cpf(i), "staff"],
      answer: appMany,
    },
    baseline: { text: VIEWS_BY_CPF_SQL.one.text, params: (i) => [instanceId, cpf(i)], answer: baselineMany },
  },
  "loadByCPF+categories": {
    "app, policy cached": {
      text: readViewsByCpfSql("one", true, "clear", "cached"),
      params: (i) => [instanceId, cpf(i), CATEGORIES],
      answer: appInCategories,
    },
    "app, step joins (4th pass)": {
      text: withStepJoins(readViewsByCpfSql("one", true, "clear", "cached")),
      params: (i) => [instanceId, cpf(i), CATEGORIES],
      answer: appInCategories,
    },
    "app with policy column": {
      text: readViewsByCpfSql("one", true, "policy", "cached"),
      params: (i) => [instanceId, cpf(i), CATEGORIES, "staff"],
      answer: appInCategories,
    },
    baseline: {
      text: VIEWS_BY_CPF_SQL.one.text,
      params: (i) => [instanceId, cpf(i)],
      answer: baselineInCategories,
    },
  },
};

const only = process.env.BENCH_ROUTES?.split(",");
// BENCH_CASES=a,b keeps the cases whose label contains one of those texts (the baseline always runs: the ratios' base).
const onlyCases = process.env.BENCH_CASES?.split(",");
for (const [route, allCases] of Object.entries(routes)) {
  if (only && !only.includes(route)) continue;
  const cases = Object.fromEntries(
    Object.entries(allCases).filter(
      ([label]) => !onlyCases || label === "baseline" || onlyCases.some((text) => label.includes(text)),
    ),
  );
  const clients: Record<string, { client: pg.Client; pid: number; cpu: number; wall: number; node: number }> = {};
  for (const label of Object.keys(cases)) {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    const pid = (await client.query("SELECT pg_backend_pid() AS pid")).rows[0].pid as number;
    clients[label] = { client, pid, cpu: 0, wall: 0, node: 0 };
  }
  const load = [loadavg()[0]!];
  // One warm-up block (prepares the statement, warms the caches), then the measured ones.
  for (let block = -1; block < BLOCKS; block += 1) {
    for (const [label, { text, params, answer }] of Object.entries(cases)) {
      const entry = clients[label]!;
      const from = block < 0 ? 0 : (block * CALLS) / BLOCKS;
      const to = block < 0 ? Math.min(100, CALLS) : ((block + 1) * CALLS) / BLOCKS;
      const cpuBefore = processCpuMs(entry.pid);
      const nodeBefore = process.cpuUsage();
      const started = performance.now();
      for (let i = from; i < to; i += 1) {
        const { rows } = await entry.client.query({
          name: `cpu_${label.replace(/\W/g, "_")}`,
          text,
          values: params(i),
        });
        answer(rows);
      }
      if (block >= 0) {
        entry.wall += performance.now() - started;
        entry.cpu += processCpuMs(entry.pid) - cpuBefore;
        const node = process.cpuUsage(nodeBefore);
        entry.node += (node.user + node.system) / 1000;
      }
    }
  }
  load.push(loadavg()[0]!);
  const base = clients.baseline!.cpu;
  console.log(
    `${route} (${CALLS} calls each, load ${load.map((value) => value.toFixed(1)).join("→")}): ` +
      Object.entries(clients)
        .map(
          ([label, { cpu, wall, node }]) =>
            `${label} ${(cpu / CALLS).toFixed(3)} ms CPU/call (${(cpu / base).toFixed(2)}× baseline), ` +
            `node ${(node / CALLS).toFixed(3)} ms, ${(wall / CALLS).toFixed(3)} ms wall`,
        )
        .join("; "),
  );
  for (const { client } of Object.values(clients)) await client.end();
}
