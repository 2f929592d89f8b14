// Documents-list search on 100,000 documents: seeds a fresh database with INSERT … SELECT generate_series, then
// times searchDocuments() (the function behind POST /api/documents/search: ids query + count + row load) for
// CPF + category searches and baselines, p50/p95 over N runs. Runs on a fresh PGlite, and on PostgreSQL too when
// BENCH_DATABASE_URL or TEST_DATABASE_URL points at a server (a throwaway database is created and dropped there).
//
//   npm run bench -- documents-search          BENCH_DOCUMENTS=100000 BENCH_RUNS=30
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { SearchDocumentsBody } from "../lib/documents/search-schema.ts";

const DOCUMENTS = Number(process.env.BENCH_DOCUMENTS) || 100_000;
const RUNS = Number(process.env.BENCH_RUNS) || 30;
const WARMUP = 3;
const CUSTOMERS = Math.max(1, Math.floor(DOCUMENTS / 2.5));
const TARGET_MS = 300;
const CPF_INDEX = "Document_instanceId_cpfDigits_createdAt_idx";

type Engine = "pglite" | "postgres";
type CaseResult = {
  engine: Engine;
  name: string;
  p50: number;
  p95: number;
  min: number;
  max: number;
  runs: number;
  matches: string;
};

/** The i-th customer's identifier digits, as the seed SQL computes them (11 digits). */
function customerDigits(index: number): string {
  return String(10_000_000_000 + index * 2237).padStart(11, "0");
}

function formatted(digits: string): string {
  return `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6, 9)}-${digits.slice(9)}`;
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

const round = (value: number) => Math.round(value * 10) / 10;

async function openDatabase(engine: Engine, serverUrl?: string) {
  if (engine === "pglite") {
    const dir = mkdtempSync(path.join(tmpdir(), "docflow-bench-"));
    delete process.env.DATABASE_URL;
    process.env.PGLITE_DIR = dir;
    return { label: "PGlite (fresh temp folder)", cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const pg = (await import("pg")).default;
  const name = `docflow_bench_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const version = (await admin.query("SHOW server_version")).rows[0]?.server_version as string;
  await admin.end();
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  return {
    label: `PostgreSQL ${version} (fresh database)`,
    cleanup: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}

async function benchEngine(engine: Engine, serverUrl?: string): Promise<CaseResult[]> {
  const database = await openDatabase(engine, serverUrl);
  const { deployMigrationsOnOpenDatabase } = await import("../lib/db/deploy.ts");
  const { getDb, closeDb, Prisma } = await import("../lib/db/client.ts");
  const { createInstanceWithCatalog } = await import("../lib/seed/server/catalog.ts");
  const { searchDocuments } = await import("../lib/documents/server/search-documents.ts");
  const { documentFilterSql } = await import("../lib/documents/server/document-filter-sql.ts");
  const { systemActor } = await import("../lib/auth/actor.ts");
  const { DEFAULT_MASKED_FIELDS } = await import("../lib/documents/masking-policy-schema.ts");
  const { ZSearchDocumentsBody } = await import("../lib/documents/search-schema.ts");
  const results: CaseResult[] = [];
  try {
    await deployMigrationsOnOpenDatabase();
    const db = await getDb();
    const catalog = await createInstanceWithCatalog(db, "bench");
    // A second instance with a slice of the same customers: isolation costs are part of every query.
    const other = await createInstanceWithCatalog(db, "bench-other");
    const s = catalog.statusIds;
    const statusOrder = [
      s.Novo,
      s["Em análise"],
      s["Aguardando documentos"],
      s["Em execução"],
      s["Concluído"],
      s.Cancelado,
    ];

    const seed = async (instanceId: number, statusIds: number[], productId: number, count: number, prefix: string) =>
      db.$executeRaw(Prisma.sql`
        INSERT INTO "Document" ("uuid", "instanceId", "protocol", "statusId", "productId", "modalityId",
          "modalityIdentifier", "cpf", "cpfDigits", "name", "email", "phone", "slaTotal", "slaStart", "slaEnd",
          "dateTime", "createdAt", "updatedAt", "dateFinished", "filledColumns")
        SELECT gen_random_uuid(), ${instanceId}::int, ${prefix}::text || lpad(g::text, 7, '0'),
          (ARRAY[${Prisma.join(statusIds.map((id) => Prisma.sql`${id}::int`))}])[1 + g % 6], ${productId}::int, NULL, '24x7',
          CASE WHEN g % 2 = 0
            THEN substr(d, 1, 3) || '.' || substr(d, 4, 3) || '.' || substr(d, 7, 3) || '-' || substr(d, 10, 2)
            ELSE d END,
          d, 'Cliente ' || g, 'cliente' || g || '@example.com', '(11) 9' || lpad((g % 100000000)::text, 8, '0'),
          72, created, CASE WHEN g % 10 = 0 THEN NULL ELSE created + interval '72 hours' END,
          created, created, created,
          CASE WHEN g % 6 IN (4, 5) THEN created + make_interval(hours => 24 + g % 96) END,
          jsonb_build_object('placa', 'P' || lpad((g % 99999)::text, 5, '0'), 'valor_segurado', (g % 200) * 1000,
            'inicio_vigencia', to_char(created, 'YYYY-MM-DD'))
        FROM (
          SELECT g, lpad((10000000000 + (g % ${CUSTOMERS}::int)::bigint * 2237)::text, 11, '0') AS d,
            now() - make_interval(days => g % 730, mins => g % 1440) AS created
          FROM generate_series(1, ${count}::int) AS g
        ) AS rows`);

    let started = performance.now();
    await seed(catalog.instanceId, statusOrder, catalog.productId, DOCUMENTS, "B-");
    const seedMs = performance.now() - started;
    const o = other.statusIds;
    await seed(
      other.instanceId,
      [o.Novo, o["Em análise"], o["Aguardando documentos"], o["Em execução"], o["Concluído"], o.Cancelado],
      other.productId,
      Math.floor(DOCUMENTS / 10),
      "O-",
    );
    started = performance.now();
    await db.$executeRawUnsafe(`ANALYZE "Document"`);
    const analyzeMs = performance.now() - started;
    const total = await db.document.count();
    console.log(
      `\n## ${database.label}\nseeded ${DOCUMENTS.toLocaleString("en")} documents (+${Math.floor(DOCUMENTS / 10).toLocaleString("en")} in a second instance, ${total.toLocaleString("en")} rows) in ${Math.round(seedMs)} ms; ANALYZE ${Math.round(analyzeMs)} ms`,
    );

    let customer = 0;
    const nextCustomer = () => {
      customer = (customer + 7919) % CUSTOMERS;
      return customerDigits(customer);
    };
    const cases: { name: string; body: () => SearchDocumentsBody }[] = [
      {
        name: "CPF (formatted) + categories primary,valid",
        body: () =>
          ZSearchDocumentsBody.parse({ filters: { cpf: formatted(nextCustomer()), categories: ["primary", "valid"] } }),
      },
      {
        name: "CPF (bare digits), all categories",
        body: () => ZSearchDocumentsBody.parse({ filters: { cpf: nextCustomer() } }),
      },
      {
        name: "baseline: categories primary,valid only (≈50% of rows)",
        body: () => ZSearchDocumentsBody.parse({ filters: { categories: ["primary", "valid"] } }),
      },
      {
        name: "baseline: no filter, newest first",
        body: () => ZSearchDocumentsBody.parse({}),
      },
      {
        name: "categories + late, sorted by SLA deadline",
        body: () =>
          ZSearchDocumentsBody.parse({
            filters: { categories: ["primary", "valid"], sla: "late" },
            sort: "sla_end",
            direction: "asc",
          }),
      },
      {
        name: "product column: placa contains (jsonb, no index)",
        body: () =>
          ZSearchDocumentsBody.parse({
            filters: {
              product_id: catalog.productId,
              columns: [{ key: "placa", contains: String(customer++ % 99_999).padStart(5, "0") }],
            },
          }),
      },
    ];

    const measure = async (name: string, body: () => SearchDocumentsBody) => {
      const times: number[] = [];
      let matches = new Set<number>();
      for (let run = 0; run < WARMUP + RUNS; run += 1) {
        const query = body();
        const t0 = performance.now();
        const answer = await searchDocuments(
          { actor: systemActor("cli", catalog.instanceId) },
          { query, masked: new Set(DEFAULT_MASKED_FIELDS) },
        );
        const elapsed = performance.now() - t0;
        if (run >= WARMUP) times.push(elapsed);
        matches.add(answer.total);
      }
      times.sort((a, b) => a - b);
      const totals = [...matches].sort((a, b) => a - b);
      matches = new Set();
      const result: CaseResult = {
        engine,
        name,
        p50: round(percentile(times, 50)),
        p95: round(percentile(times, 95)),
        min: round(times[0]!),
        max: round(times.at(-1)!),
        runs: RUNS,
        matches: totals.length > 3 ? `${totals[0]}–${totals.at(-1)}` : totals.join("/"),
      };
      results.push(result);
      console.log(
        `${name.padEnd(58)} p50 ${String(result.p50).padStart(7)} ms  p95 ${String(result.p95).padStart(7)} ms  (total ${result.matches})`,
      );
    };

    /** Where the time of the main case goes: the page's ids, the count, loading the rows with Prisma. */
    const breakdown = async () => {
      const parts: Record<string, number[]> = { ids: [], count: [], rows: [] };
      for (let run = 0; run < WARMUP + RUNS; run += 1) {
        const where = await documentFilterSql(catalog.instanceId, {
          cpf: formatted(nextCustomer()),
          categories: ["primary", "valid"],
        });
        let t0 = performance.now();
        const ids = await db.$queryRaw<{ id: number }[]>(
          Prisma.sql`SELECT d.id FROM "Document" d WHERE ${where} ORDER BY d."createdAt" DESC, d.id DESC LIMIT 25`,
        );
        const idsMs = performance.now() - t0;
        t0 = performance.now();
        await db.$queryRaw(Prisma.sql`SELECT count(*)::int AS total FROM "Document" d WHERE ${where}`);
        const countMs = performance.now() - t0;
        t0 = performance.now();
        await db.document.findMany({
          where: { id: { in: ids.map((row) => Number(row.id)) }, instanceId: catalog.instanceId },
          include: {
            status: { select: { id: true, name: true, textColor: true, bgColor: true, category: true } },
            product: { select: { id: true, name: true, columns: { select: { key: true } } } },
            modality: { select: { id: true, identifier: true } },
          },
        });
        const rowsMs = performance.now() - t0;
        if (run < WARMUP) continue;
        parts.ids!.push(idsMs);
        parts.count!.push(countMs);
        parts.rows!.push(rowsMs);
      }
      const p50 = (values: number[]) =>
        round(
          percentile(
            [...values].sort((a, b) => a - b),
            50,
          ),
        );
      console.log(
        `  breakdown of the CPF + categories search (p50): ids ${p50(parts.ids!)} ms, count ${p50(parts.count!)} ms, rows ${p50(parts.rows!)} ms`,
      );
    };

    const plan = async (label: string) => {
      const where = await documentFilterSql(catalog.instanceId, {
        cpf: formatted(customerDigits(1234)),
        categories: ["primary", "valid"],
      });
      const rows = await db.$queryRaw<Record<string, string>[]>(
        Prisma.sql`EXPLAIN SELECT d.id FROM "Document" d WHERE ${where} ORDER BY d."createdAt" DESC, d.id DESC LIMIT 25`,
      );
      const lines = rows.map((row) => Object.values(row)[0]!).filter((line) => /Scan|Sort|Limit/.test(line));
      console.log(`  plan (${label}): ${lines.map((line) => line.trim().replace(/\s+\(cost.*$/, "")).join(" → ")}`);
    };

    await plan("with index");
    for (const { name, body } of cases) await measure(name, body);
    await breakdown();

    await db.$executeRawUnsafe(`DROP INDEX "${CPF_INDEX}"`);
    await db.$executeRawUnsafe(`ANALYZE "Document"`);
    await plan("without cpfDigits index");
    await measure("baseline: CPF + categories WITHOUT the cpfDigits index", cases[0]!.body);
    await db.$executeRawUnsafe(
      `CREATE INDEX "${CPF_INDEX}" ON "Document"("instanceId", "cpfDigits", "createdAt" DESC)`,
    );
  } finally {
    await closeDb();
    await database.cleanup();
  }
  return results;
}

/**
 * Each engine runs in its own child process: a process that migrated one database cannot migrate a second one
 * (a UTF-8 decoding error in the schema engine's WASM glue, probably its cached view of the first instance's memory), and a fresh process is fairer anyway.
 */
export async function run(): Promise<void> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const only = process.env.BENCH_ENGINE as Engine | undefined;
  mkdirSync("bench/out", { recursive: true });
  if (only) {
    const results = await benchEngine(only, serverUrl);
    writeFileSync(`bench/out/documents-search-${only}.json`, JSON.stringify(results, null, 2));
    return;
  }
  console.log(`documents: ${DOCUMENTS}, runs per case: ${RUNS} (+${WARMUP} warm-up), target p95 < ${TARGET_MS} ms`);
  const engines: Engine[] = serverUrl ? ["pglite", "postgres"] : ["pglite"];
  const results: CaseResult[] = [];
  for (const engine of engines) {
    const child = spawnSync(process.execPath, [...process.execArgv, process.argv[1]!, "documents-search"], {
      stdio: "inherit",
      env: { ...process.env, BENCH_ENGINE: engine },
    });
    if (child.status !== 0) throw new Error(`the ${engine} run failed (exit ${child.status})`);
    results.push(...(JSON.parse(readFileSync(`bench/out/documents-search-${engine}.json`, "utf8")) as CaseResult[]));
  }
  if (!serverUrl) console.log("\n(PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL)");
  for (const engine of engines) {
    const target = results.filter((result) => result.engine === engine && result.name.startsWith("CPF"));
    const worst = Math.max(...target.map((result) => result.p95));
    console.log(
      `${engine}: CPF searches worst p95 ${worst} ms — ${worst < TARGET_MS ? "within" : "OVER"} the ${TARGET_MS} ms target`,
    );
  }
  writeFileSync(
    "bench/out/documents-search.json",
    JSON.stringify({ at: new Date().toISOString(), documents: DOCUMENTS, runs: RUNS, results }, null, 2),
  );
}
