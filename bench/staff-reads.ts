// Staff reads on the API benchmark's database (1,000,000 documents; run `npm run bench -- api` first, which seeds
// and keeps docflow_bench_api_<documents>): the documents list for every case of bench/documents-search.ts, the
// dashboard, and the LGPD page's CPF search, each timed as the route handler calls it (p50/p95 of N runs).
//
// The migrations are deployed first (the seeded database may predate an index; the first run then builds it).
//
//   npm run bench -- staff-reads        BENCH_DOCUMENTS=1000000 BENCH_RUNS=10 BENCH_CASES=dashboard
//   BENCH_DATABASE_NAME=<a copy of it>  BENCH_NO_MIGRATE=1 (measure the database as it is)
import { loadavg } from "node:os";
import type { PersonalField } from "../lib/documents/mask.ts";
import { formattedCpf, identifierDigits } from "./api/seed.ts";

const DOCUMENTS = Number(process.env.BENCH_DOCUMENTS) || 1_000_000;
const RUNS = Number(process.env.BENCH_RUNS) || 10;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

type BenchDb = Awaited<ReturnType<(typeof import("../lib/db/client.ts"))["getDb"]>>;

/**
 * The user "Meus documentos" is measured for; assigns every 40th document to it the first time. Null on the shared
 * seeded database when it has no user (the API benchmark seeds none): the two cases of one person are then left out.
 */
async function benchAssignee(db: BenchDb, instanceId: number): Promise<number | null> {
  const email = "bench-assignee@bench.test";
  const existing = await db.user.findUnique({ where: { email } });
  if (existing) return existing.id;
  if (!process.env.BENCH_DATABASE_NAME) {
    // The shared seeded database is not written to: "me" is then its first user, with whatever it holds.
    const first = await db.user.findFirst({ where: { instanceId }, orderBy: { id: "asc" } });
    console.log(
      first
        ? "no BENCH_DATABASE_NAME copy: 'Meus documentos' measured for the first user as the database is"
        : "no BENCH_DATABASE_NAME copy and no user: the cases of one person's documents are left out",
    );
    return first?.id ?? null;
  }
  const user = await db.user.create({
    data: { instanceId, email, name: "Bench Responsável", role: "staff", passwordHash: "!" },
  });
  await db.$executeRaw`UPDATE "Document" SET "userId" = ${user.id} WHERE "instanceId" = ${instanceId} AND id % 40 = 0`;
  return user.id;
}

export async function run() {
  const serverUrl =
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    "postgresql://postgres:postgres@127.0.0.1:5432/postgres";
  const url = new URL(serverUrl);
  url.pathname = `/${process.env.BENCH_DATABASE_NAME ?? `docflow_bench_api_${DOCUMENTS}`}`;
  process.env.DATABASE_URL = url.toString();
  const { getDb, closeDb } = await import("../lib/db/client.ts");
  if (!process.env.BENCH_NO_MIGRATE) {
    const { deployMigrations } = await import("../lib/db/deploy.ts"); // without the statement timeout: index builds
    const started = performance.now();
    const applied = await deployMigrations();
    if (applied.length)
      console.log(`applied ${applied.join(", ")} in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  const { searchDocuments } = await import("../lib/documents/server/search-documents.ts");
  const { DEFAULT_MASKED_FIELDS } = await import("../lib/documents/masking-policy-schema.ts");
  // The default policy, as before the use-case read it itself (the figures stay comparable).
  const defaultMasks = new Set(DEFAULT_MASKED_FIELDS);
  const benchCtx = (userId: number | null = null) => ({ actor: { ...systemActor("cli", instance.id), userId } });
  const { ZSearchDocumentsBody } = await import("../lib/documents/search-schema.ts");
  const { loadDashboard } = await import("../lib/dashboard/server/load-dashboard.ts");
  const { dashboardQuerySchema } = await import("../lib/dashboard/schema.ts");
  const { searchLgpdRequests } = await import("../lib/lgpd/server/search-lgpd-requests.ts");
  const { ZSearchLgpdRequestsBody } = await import("../lib/lgpd/schemas.ts");
  const { systemActor } = await import("../lib/auth/actor.ts");
  const db = await getDb();
  const instance = await db.instance.findUniqueOrThrow({ where: { slug: "default" } });
  const ctx = { actor: systemActor("cli", instance.id) }; // the use-cases' (ctx, input)
  const product = await db.product.findFirstOrThrow({ where: { instanceId: instance.id } });
  const count = await db.document.count({ where: { instanceId: instance.id } });
  console.log(
    `${count} documents; ${RUNS} runs per case; load ${loadavg()
      .map((v) => v.toFixed(1))
      .join(" ")}`,
  );
  // "Meus documentos" needs someone with documents: the bench's user (made once) holds every 40th document of the
  // database it runs on (only a copy should be measured this way: BENCH_DATABASE_NAME).
  const benchUser = await benchAssignee(db, instance.id);
  const localDay = (offsetDays: number) =>
    new Date(Date.now() + offsetDays * 86_400_000).toLocaleDateString("en-CA", { timeZone: "America/Sao_Paulo" });
  let customer = 0;
  const nextCpf = () => identifierDigits((customer = (customer + 7919) % Math.floor(DOCUMENTS / 10)));
  const search = (body: () => unknown) => () =>
    searchDocuments(benchCtx(), { query: ZSearchDocumentsBody.parse(body()), masked: defaultMasks });
  const cases: Array<[string, () => Promise<unknown>]> = [
    [
      "list: CPF (formatted) + categories primary,valid",
      search(() => ({ filters: { cpf: formattedCpf(nextCpf()), categories: ["primary", "valid"] } })),
    ],
    ["list: CPF (bare digits), all categories", search(() => ({ filters: { cpf: nextCpf() } }))],
    ["list: categories primary,valid only", search(() => ({ filters: { categories: ["primary", "valid"] } }))],
    ["list: no filter, newest first", search(() => ({ filters: {} }))],
    ["list: no filter, most urgent first (the page's default)", search(() => ({ filters: {}, sort: "urgency" }))],
    [
      "list: categories primary,valid, most urgent first",
      search(() => ({ filters: { categories: ["primary", "valid"] }, sort: "urgency" })),
    ],
    [
      "list: categories + late, sorted by SLA deadline",
      search(() => ({ filters: { categories: ["primary", "valid"], sla: "late" }, sort: "sla_end", direction: "asc" })),
    ],
    [
      "list: product column placa contains (trigram index)",
      search(() => ({
        filters: {
          product_id: product.id,
          columns: [{ key: "placa", contains: `ABC${String(customer % 10000).padStart(4, "0")}` }],
        },
      })),
    ],
    // The queue's views and the dashboard's KPI tiles (each tile's count is this search's total).
    ...(benchUser === null
      ? []
      : ([
          [
            "list: Meus documentos (assignee me, open), most urgent first",
            () =>
              searchDocuments(benchCtx(benchUser), {
                query: ZSearchDocumentsBody.parse({ filters: { assignee: "me", state: "open" }, sort: "urgency" }),
                masked: defaultMasks,
              }),
          ],
          ["list: one person's documents, newest first", search(() => ({ filters: { assignee: benchUser } }))],
        ] satisfies Array<[string, () => Promise<unknown>]>)),
    [
      "list: Sem responsável (assignee none, open), most urgent first",
      search(() => ({ filters: { assignee: "none", state: "open" }, sort: "urgency" })),
    ],
    ["list: KPI open", search(() => ({ filters: { state: "open" }, sort: "urgency" }))],
    ["list: KPI late now", search(() => ({ filters: { state: "open", sla: "late" }, sort: "urgency" }))],
    ["list: KPI due today", search(() => ({ filters: { state: "open", due_on: localDay(0) }, sort: "urgency" }))],
    ["list: KPI finished this week", search(() => ({ filters: { finished_from: localDay(-7) }, sort: "urgency" }))],
    ["dashboard: whole instance, by month", () => loadDashboard(ctx, dashboardQuerySchema.parse({}))],
    [
      "dashboard: one product, last 90 days, by week",
      () =>
        loadDashboard(
          ctx,
          dashboardQuerySchema.parse({
            product_id: product.id,
            granularity: "week",
            created_from: new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10),
          }),
        ),
    ],
  ];
  // The header's find box: what staff type into it. Masks as the default policy (CPF/e-mail masked: a CPF
  // found whole) and as a policy that shows everything (CPF prefixes, e-mail parts).
  const { findDocuments } = await import("../lib/documents/server/find-documents.ts");
  const masked = new Set<PersonalField>(["cpf", "email", "phone"]);
  const clear = new Set<PersonalField>();
  const sample = await db.document.findFirstOrThrow({
    where: { instanceId: instance.id },
    orderBy: { id: "desc" },
    select: { protocol: true },
  });
  const find = (q: () => string, policy: ReadonlySet<PersonalField>) => () =>
    findDocuments(benchCtx(), { q: q(), masked: policy });
  cases.push(
    ["find: a protocol", find(() => sample.protocol, masked)],
    ["find: a protocol without punctuation", find(() => sample.protocol.replace(/[^0-9A-Za-z]/g, ""), masked)],
    ["find: first 6 digits of a CPF (policy shows CPFs)", find(() => nextCpf().slice(0, 6), clear)],
    ["find: a whole formatted CPF (masked policy)", find(() => formattedCpf(nextCpf()), masked)],
    ["find: part of a name", find(() => `cliente ${(customer = (customer + 7919) % 100000)}`, masked)],
    ["find: a plate, lower case", find(() => `abc${String((customer += 7) % 10000).padStart(4, "0")}`, masked)],
    ["find: a word in every document (cliente)", find(() => "cliente", masked)],
    ["find: an e-mail part (policy shows e-mails)", find(() => `cliente${(customer += 13) % 100000}@`, clear)],
    ["find: an e-mail part, masked (capped candidates)", find(() => "example", masked)],
    ["find: nothing like it", find(() => "zzqxw", masked)],
  );
  cases.push([
    "LGPD page: requests by CPF",
    () => searchLgpdRequests(ctx, ZSearchLgpdRequestsBody.parse({ cpf: "529.982.247-25" })),
  ]);
  const rows: string[] = ["| case | p50 ms | p95 ms | max ms | total (list) |", "|---|--:|--:|--:|---|"];
  const only = process.env.BENCH_CASES; // e.g. "dashboard": only the cases whose name contains it
  for (const [name, call] of cases.filter(([name]) => !only || name.includes(only))) {
    const answer = (await call()) as { total?: number; total_capped?: boolean };
    const times: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const started = performance.now();
      await call();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const total = answer.total === undefined ? "" : `${answer.total}${answer.total_capped ? "+" : ""}`;
    const line = `| ${name} | ${percentile(times, 50).toFixed(0)} | ${percentile(times, 95).toFixed(0)} | ${times.at(-1)!.toFixed(0)} | ${total} |`;
    rows.push(line);
    console.log(line);
  }
  console.log(
    `\n${rows.join("\n")}\nload ${loadavg()
      .map((v) => v.toFixed(1))
      .join(" ")}`,
  );
  await closeDb();
}
