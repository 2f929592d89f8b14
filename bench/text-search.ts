// The documents list's typed-text search (the queue's box and the header box's "ver os N na lista": filters.q) and
// the header's find box, timed as the route handlers call them (no HTTP), on a database of `--size` documents seeded
// by the API benchmark's generator (bench/api/seed.ts: "Cliente <n>" names, cliente<n>@example.com e-mails, ABC0000
// plates, 11-digit identifiers). The database docflow_bench_text_<size> is seeded once and kept (BENCH_FRESH=1 seeds
// it again). Target: p95 ≤ 300 ms at 1,000,000 documents.
//
//   TEST_DATABASE_URL=$PG npm run bench -- text-search --size=100000      BENCH_RUNS=20 BENCH_CASES=<text>
import { loadavg } from "node:os";
import pg from "pg";
import type { PersonalField } from "../lib/documents/mask.ts";
import { formattedCpf, identifierDigits, seedDocuments } from "./api/seed.ts";

function sizeArgument(): number {
  const index = process.argv.findIndex((arg) => arg === "--size" || arg.startsWith("--size="));
  const raw =
    index < 0
      ? undefined
      : process.argv[index]!.includes("=")
        ? process.argv[index]!.split("=")[1]
        : process.argv[index + 1];
  const size = Number(raw ?? process.env.BENCH_DOCUMENTS ?? 100_000);
  if (!Number.isInteger(size) || size < 1000) throw new Error(`--size must be a whole number ≥ 1000, not "${raw}"`);
  return size;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** Creates (or reuses) docflow_bench_text_<size>, migrated and seeded once. */
async function prepare(size: number): Promise<void> {
  const serverUrl =
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    "postgresql://postgres:postgres@127.0.0.1:5432/postgres";
  const name = `docflow_bench_text_${size}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  if (process.env.BENCH_FRESH) await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  if ((await admin.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [name])).rowCount === 0) {
    await admin.query(`CREATE DATABASE "${name}"`);
  }
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  const { deployMigrations } = await import("../lib/db/deploy.ts"); // without the statement timeout: index builds
  await deployMigrations();
  const { getDb } = await import("../lib/db/client.ts");
  const { createInstanceWithCatalog } = await import("../lib/seed/server/catalog.ts");
  const db = await getDb();
  if (await db.instance.findUnique({ where: { slug: "default" } })) {
    if (!(await db.documentHistory.findFirst({ select: { id: true } }))) {
      throw new Error(`${name} holds an unfinished seed: run again with BENCH_FRESH=1`);
    }
    return;
  }
  const catalog = await createInstanceWithCatalog(db, "default");
  const modality = await db.modality.findUniqueOrThrow({ where: { id: catalog.modalityIds.businessHours } });
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  const started = performance.now();
  try {
    await seedDocuments(client, {
      instanceId: catalog.instanceId,
      productId: catalog.productId,
      statusIds: Object.values(catalog.statusIds),
      modality: { id: modality.id, identifier: modality.identifier },
      documents: size,
    });
  } finally {
    await client.end();
  }
  console.log(`seeded ${size} documents in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

export async function run() {
  const size = sizeArgument();
  const runs = Number(process.env.BENCH_RUNS) || 20;
  await prepare(size);
  const { getDb, closeDb } = await import("../lib/db/client.ts");
  const { systemActor } = await import("../lib/auth/actor.ts");
  const { searchDocuments } = await import("../lib/documents/server/search-documents.ts");
  const { findDocuments } = await import("../lib/documents/server/find-documents.ts");
  const { ZSearchDocumentsBody } = await import("../lib/documents/search-schema.ts");
  const db = await getDb();
  const instance = await db.instance.findUniqueOrThrow({ where: { slug: "default" } });
  const ctx = { actor: systemActor("cli", instance.id) };
  const count = await db.document.count({ where: { instanceId: instance.id } });
  const sample = await db.document.findFirstOrThrow({
    where: { instanceId: instance.id },
    orderBy: { id: "desc" },
    select: { protocol: true },
  });
  // The default policy (CPF, e-mail and phone masked) and one that shows everything.
  const masked = new Set<PersonalField>(["cpf", "email", "phone"]);
  const clear = new Set<PersonalField>();
  const customers = Math.max(1, Math.floor(size / 10));
  let step = 0;
  const next = () => (step = (step + 7919) % customers);
  const list =
    (q: () => string, policy: ReadonlySet<PersonalField>, sort = "urgency") =>
    () =>
      searchDocuments(ctx, { query: ZSearchDocumentsBody.parse({ filters: { q: q() }, sort }), masked: policy });
  const find = (q: () => string, policy: ReadonlySet<PersonalField>) => () =>
    findDocuments(ctx, { q: q(), masked: policy });
  const cases: Array<[string, () => Promise<unknown>]> = [
    ["list q: a protocol", list(() => sample.protocol, masked)],
    ["list q: a customer's name (Cliente <n>)", list(() => `cliente ${next()}`, masked)],
    ["list q: a plate, lower case", list(() => `abc${String(next() % 10000).padStart(4, "0")}`, masked)],
    ["list q: a whole formatted CPF (masked policy)", list(() => formattedCpf(identifierDigits(next())), masked)],
    ["list q: first 6 digits of a CPF (policy shows CPFs)", list(() => identifierDigits(next()).slice(0, 6), clear)],
    ["list q: first 6 digits of a CPF, masked (withheld)", list(() => identifierDigits(next()).slice(0, 6), masked)],
    ["list q: a word in every document (cliente), most urgent first", list(() => "cliente", masked)],
    ["list q: a word in every document (cliente), newest first", list(() => "cliente", masked, "created_at")],
    ["list q: an e-mail part (policy shows e-mails)", list(() => `cliente${next()}@`, clear)],
    ["list q: nothing like it", list(() => "zzqxw", masked)],
    ["find: a customer's name", find(() => `cliente ${next()}`, masked)],
    ["find: a word in every document (cliente)", find(() => "cliente", masked)],
  ];
  console.log(
    `${count} documents; ${runs} runs per case; load ${loadavg()
      .map((v) => v.toFixed(2))
      .join(" ")}`,
  );
  const rows = ["| case | p50 ms | p95 ms | max ms | total |", "|---|--:|--:|--:|---|"];
  const only = process.env.BENCH_CASES;
  for (const [name, call] of cases.filter(([name]) => !only || name.includes(only))) {
    const answer = (await call()) as { total?: number; total_capped?: boolean; items: unknown[] };
    const times: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      const started = performance.now();
      await call();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const total =
      answer.total === undefined ? `${answer.items.length} shown` : `${answer.total}${answer.total_capped ? "+" : ""}`;
    const line = `| ${name} | ${percentile(times, 50).toFixed(0)} | ${percentile(times, 95).toFixed(0)} | ${times.at(-1)!.toFixed(0)} | ${total} |`;
    rows.push(line);
    console.log(line);
  }
  console.log(
    `\n${rows.join("\n")}\nload ${loadavg()
      .map((v) => v.toFixed(2))
      .join(" ")}`,
  );
  await closeDb();
}
