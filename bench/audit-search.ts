// The audit page over a large audit log: one instance with BENCH_AUDIT_ROWS audit rows (default 1,000,000) spread
// over a year, 40 actors, the real actions (a third of them about a person: a document and the CPF's hash), and the
// page's searches timed as the route handler calls them (searchAudit: the page of 50 rows, the capped count, the
// actors' names and the documents' protocols; listAuditActors: the actor list), p50/p95 of BENCH_RUNS runs.
// The goal: every filtered page ≤ 300 ms.
//
// One database per run: PGlite (bench/out/pglite-audit-<rows>, kept for the next run), or PostgreSQL with
// BENCH_ENGINE=postgres (database docflow_bench_audit_<rows> on BENCH_DATABASE_URL's server, created and kept).
//
//   npm run bench -- audit-search                         BENCH_AUDIT_ROWS=1000000 BENCH_RUNS=20
//   BENCH_ENGINE=postgres npm run bench -- audit-search   BENCH_DATABASE_URL=postgresql://postgres:postgres@127.0.0.1:5432/postgres
import { mkdirSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import pg from "pg";
import type { Actor } from "../lib/auth/actor.ts";
import type { TAuditSearchBody } from "../lib/audit/schemas.ts";

const ROWS = Number(process.env.BENCH_AUDIT_ROWS) || 1_000_000;
const RUNS = Number(process.env.BENCH_RUNS) || 20;
const DOCUMENTS = 20_000;
const SLUG = "bench-audit";

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;

async function openBenchDatabase(): Promise<string> {
  process.env.NEXTAUTH_SECRET ??= "bench-audit-secret";
  if (process.env.BENCH_ENGINE === "postgres") {
    const server = process.env.BENCH_DATABASE_URL ?? "postgresql://postgres:postgres@127.0.0.1:5432/postgres";
    const name = `docflow_bench_audit_${ROWS}`;
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (!exists.rowCount) await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(server);
    url.pathname = `/${name}`;
    process.env.DATABASE_URL = url.toString();
    return `PostgreSQL (${name})`;
  }
  delete process.env.DATABASE_URL;
  const dir = path.resolve("bench/out", `pglite-audit-${ROWS}`);
  mkdirSync(dir, { recursive: true });
  process.env.PGLITE_DIR = dir;
  return "PGlite";
}

const ACTIONS_ABOUT_PEOPLE = [
  "document.reveal",
  "document.update",
  "document.status_change",
  "document.assign",
  "document.export",
  "lgpd_subject.lookup",
];
const OTHER_ACTIONS = ["status.update", "user.update", "webhook.update", "lgpd_request.deny", "product.update"];

export async function run() {
  const engine = await openBenchDatabase();
  const { deployMigrations } = await import("../lib/db/deploy.ts");
  await deployMigrations();
  const { getDb, closeDb } = await import("../lib/db/client.ts");
  const { rawQuery } = await import("../lib/db/raw-query.ts");
  const { createInstanceWithCatalog } = await import("../lib/seed/server/catalog.ts");
  const { subjectHashOf } = await import("../lib/audit/server/record-personal-data-access.ts");
  const { searchAudit } = await import("../lib/audit/server/search-audit.ts");
  const { listAuditActors } = await import("../lib/audit/server/list-audit-actors.ts");
  const db = await getDb();

  let instance = await db.instance.findUnique({ where: { slug: SLUG } });
  const seeded = instance ? await db.auditLog.count({ where: { instanceId: instance.id } }) : 0;
  const cpfOf = (n: number) => String(10_000_000_000 + n).slice(-11);
  if (!instance || seeded < ROWS) {
    const started = performance.now();
    if (!instance) {
      const catalog = await createInstanceWithCatalog(db, SLUG);
      instance = await db.instance.findUniqueOrThrow({ where: { id: catalog.instanceId } });
      for (let i = 0; i < 40; i += 1) {
        await db.user.create({
          data: {
            instanceId: instance.id,
            email: `pessoa${i}@bench.test`,
            name: `Pessoa ${i}`,
            role: i < 5 ? "admin" : "staff",
            passwordHash: "!",
          },
        });
      }
      const status = await db.status.findFirstOrThrow({ where: { instanceId: instance.id } });
      const product = await db.product.findFirstOrThrow({ where: { instanceId: instance.id } });
      await rawQuery(
        `INSERT INTO "Document" (uuid, "instanceId", protocol, "statusId", "productId", cpf, "cpfDigits", name, "slaStart",
           "dateTime", "updatedAt")
         SELECT gen_random_uuid(), $1::int, 'B-' || lpad(g::text, 6, '0'), $2::int, $3::int, lpad((10000000000 + g)::text, 11, '0'),
           right((10000000000 + g)::text, 11), 'Pessoa ' || g, now(), now(), now()
         FROM generate_series(1, $4::int) g`,
        [instance.id, status.id, product.id, DOCUMENTS],
      );
    }
    const users = await db.user.findMany({ where: { instanceId: instance.id }, orderBy: { id: "asc" } });
    const firstDocument = (await db.document.findFirstOrThrow({
      where: { instanceId: instance.id },
      orderBy: { id: "asc" },
    }))!.id;
    // The CPF hashes of the first 200 documents' CPFs, real ones (HMAC in Node): the rows about those people carry
    // them, the others a stand-in of the same length.
    const hashes = Array.from({ length: 200 }, (_, i) => subjectHashOf(cpfOf(i + 1))!);
    const chunk = 100_000;
    for (let done = seeded; done < ROWS; done += chunk) {
      const size = Math.min(chunk, ROWS - done);
      await rawQuery(
        `INSERT INTO "AuditLog" ("instanceId", "actorType", "actorLabel", "actorId", action, entity, "entityId",
           "documentId", "subjectHash", details, "createdAt")
         SELECT $1::int, 'user', 'pessoa' || (g % 40) || '@bench.test', ($2::int[])[1 + g % 40], a.action,
           split_part(a.action, '.', 1), CASE WHEN a.personal THEN (d.id)::text ELSE (g % 500)::text END,
           CASE WHEN a.personal THEN d.id END,
           CASE WHEN a.personal THEN COALESCE(($3::text[])[1 + ((g::bigint * 7919) % $6::int)::int], md5(d.id::text) || md5(g::text)) END,
           '{"fields":["name"]}'::jsonb,
           now() - ((g::float8 / $5::int) * interval '365 days')
         FROM generate_series($4::int + 1, $4::int + $7::int) g
         CROSS JOIN LATERAL (SELECT $8::int + (((g::bigint * 7919) % $6::int)::int) AS id) d
         CROSS JOIN LATERAL (SELECT (g % 3 = 0) AS personal) p
         CROSS JOIN LATERAL (SELECT CASE WHEN p.personal THEN ($9::text[])[1 + g % 6] ELSE ($10::text[])[1 + g % 5] END AS action,
                                    p.personal) a`,
        [
          instance.id,
          users.map((user) => user.id),
          hashes,
          done,
          ROWS,
          DOCUMENTS,
          size,
          firstDocument,
          ACTIONS_ABOUT_PEOPLE,
          OTHER_ACTIONS,
        ],
      );
      process.stdout.write(`\rseeded ${done + size} audit rows`);
    }
    await rawQuery(`ANALYZE "AuditLog"`);
    await rawQuery(`ANALYZE "Document"`);
    console.log(`\nseeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  const total = await db.auditLog.count({ where: { instanceId: instance.id } });
  const admin = await db.user.findFirstOrThrow({ where: { instanceId: instance.id, role: "admin" } });
  const actor: Actor = {
    type: "user",
    id: admin.id,
    userId: admin.id,
    label: admin.email,
    role: "admin",
    instanceId: instance.id,
  };
  const ctx = { actor };
  const someDocument = await db.document.findFirstOrThrow({
    where: { instanceId: instance.id },
    orderBy: { id: "asc" },
    skip: 41,
  });
  const page = (filters: Partial<TAuditSearchBody>): TAuditSearchBody => ({
    page: 1,
    page_size: 50,
    reveal: false,
    ...filters,
  });
  const cases: Array<[string, () => Promise<unknown>]> = [
    ["no filter (newest 50)", () => searchAudit(ctx, page({}))],
    ["page 100 of no filter", () => searchAudit(ctx, page({ page: 100 }))],
    ["one actor", () => searchAudit(ctx, page({ actor: "pessoa7@bench.test" }))],
    ["one event type", () => searchAudit(ctx, page({ action: "document.reveal" }))],
    ["rare event type", () => searchAudit(ctx, page({ action: "lgpd_request.deny", actor: "pessoa3@bench.test" }))],
    [
      "actor + event + month",
      () =>
        searchAudit(
          ctx,
          page({ actor: "pessoa9@bench.test", action: "user.update", from: "2026-06-01", to: "2026-06-30" }),
        ),
    ],
    ["one month", () => searchAudit(ctx, page({ from: "2026-03-01", to: "2026-03-31" }))],
    ["protocol", () => searchAudit(ctx, page({ subject: someDocument.protocol }))],
    ["CPF (hash + its documents)", () => searchAudit(ctx, page({ subject: cpfOf(5) }))],
    ["actor list", () => listAuditActors(ctx)],
  ];
  console.log(
    `${engine}: ${total} audit rows, ${DOCUMENTS} documents; ${RUNS} runs per case; load ${loadavg()
      .map((v) => v.toFixed(2))
      .join(" ")}`,
  );
  console.log("| case | p50 ms | p95 ms | rows | total |");
  console.log("|---|---:|---:|---:|---:|");
  for (const [name, call] of cases) {
    await call(); // warm: plan cache, caches of the actors' names
    const times: number[] = [];
    let answer: unknown;
    for (let i = 0; i < RUNS; i += 1) {
      const started = performance.now();
      answer = await call();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const shown = Array.isArray(answer)
      ? { rows: answer.length, total: "" }
      : {
          rows: (answer as { items: unknown[] }).items.length,
          total: `${(answer as { total: number; total_capped: boolean }).total}${(answer as { total_capped: boolean }).total_capped ? "+" : ""}`,
        };
    console.log(
      `| ${name} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)} | ${shown.rows} | ${shown.total} |`,
    );
  }
  await closeDb();
}
