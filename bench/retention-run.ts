// Benchmark of one retention run: `BENCH_RETENTION_DOCUMENTS` matching documents (default 100,000:
// finished 400 days ago, in the rule's product and category), each with a customer observation, an internal one, two
// history rows, a 2 KB attachment and one e-mail, beside `BENCH_BACKGROUND` documents the rule does not take (default
// 20,000: open, or finished last month). Times the preview, then one run of the rule with the cap at the matching
// count (RETENTION_RUN_CAP is 10,000 by default: a real backlog this size takes ten daily runs), then checks the
// dashboard's counts against a recount. PostgreSQL only (BENCH_DATABASE_URL = a server URL): the bench creates its own
// database, `docflow_retention_100k` (BENCH_RETENTION_DB), and drops it at the end.
//
//   BENCH_DATABASE_URL=postgresql://postgres:postgres@127.0.0.1:5432/postgres npm run bench -- retention
//   BENCH_RETENTION_ACTION=delete …   (the delete rule instead of anonymise)
import os from "node:os";
import { adminQuery, databaseUrl } from "../tests/helpers/template-database.ts";

export async function run(): Promise<void> {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) throw new Error("BENCH_DATABASE_URL (a PostgreSQL server URL) is required");
  const name = process.env.BENCH_RETENTION_DB ?? "docflow_retention_100k";
  if (name.startsWith("docflow_bench_")) throw new Error("docflow_bench_* databases are not ours to touch");
  const matching = Number(process.env.BENCH_RETENTION_DOCUMENTS) || 100_000;
  const background = Number(process.env.BENCH_BACKGROUND) || 20_000;
  const action = process.env.BENCH_RETENTION_ACTION === "delete" ? "delete" : "anonymise";
  process.env.LOG_LEVEL ??= "error";
  await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await adminQuery(serverUrl, `CREATE DATABASE "${name}"`);
  process.env.DATABASE_URL = databaseUrl(serverUrl, name);
  try {
    const { deployMigrationsOnOpenDatabase } = await import("../lib/db/deploy.ts");
    const { getDb, closeDb } = await import("../lib/db/client.ts");
    const { systemActor } = await import("../lib/auth/actor.ts");
    const { createInstanceWithCatalog } = await import("../lib/seed/server/catalog.ts");
    const { createRetentionRule } = await import("../lib/retention/server/create-retention-rule.ts");
    const { previewRetentionRule } = await import("../lib/retention/server/preview-retention-rule.ts");
    const { activateRetentionRule } = await import("../lib/retention/server/activate-retention-rule.ts");
    const { processDueRetention } = await import("../lib/retention/server/retention-queue.ts");
    await deployMigrationsOnOpenDatabase();
    const db = await getDb();
    const catalog = await createInstanceWithCatalog(db, "default");

    async function seed(prefix: string, count: number, statusId: number, finishedDaysAgo: number | null) {
      await db.$executeRawUnsafe(
        `INSERT INTO "Document" ("uuid", "instanceId", "protocol", "statusId", "productId", "cpf", "cpfDigits", "name",
         "email", "phone", "slaStart", "slaTotal", "slaEnd", "source", "filledColumns", "dateTime", "createdAt",
         "updatedAt", "dateFinished")
       SELECT gen_random_uuid(), $1, $2 || lpad(g::text, 7, '0'), $3, $4, lpad(g::text, 11, '7'),
         lpad(g::text, 11, '7'), 'Cliente ' || g, 'cliente' || g || '@example.com', '+55 11 9' || lpad(g::text, 8, '0'),
         now() - interval '500 days', 24, now() - interval '499 days', 'bench', jsonb_build_object('placa', 'ABC' || g),
         now() - interval '500 days', now() - interval '500 days', now(),
         CASE WHEN $6::int IS NULL THEN NULL ELSE now() - make_interval(days => $6::int) END
       FROM generate_series(1, $5::int) AS g`,
        catalog.instanceId,
        `${prefix}-`,
        statusId,
        catalog.productId,
        count,
        finishedDaysAgo,
      );
      const docs = `SELECT id, name, email FROM "Document" WHERE protocol LIKE '${prefix}-%'`;
      await db.$executeRawUnsafe(
        `INSERT INTO "Observation" ("documentId", text, visibility, "authorLabel")
         SELECT id, 'Olá ' || name || ', recebemos seu pedido', 'customer'::"ObservationVisibility", 'token:bench'
           FROM (${docs}) d
         UNION ALL SELECT id, 'conferido', 'internal'::"ObservationVisibility", 'token:bench' FROM (${docs}) d`,
      );
      await db.$executeRawUnsafe(
        `INSERT INTO "DocumentHistory" ("documentId", action, "actorType", "actorLabel", changes)
         SELECT id, 'create', 'token'::"ActorType", 'token:bench', jsonb_build_array(
           jsonb_build_object('field', 'name', 'before', null, 'after', name),
           jsonb_build_object('field', 'email', 'before', null, 'after', email)) FROM (${docs}) d
         UNION ALL
         SELECT id, 'update', 'token'::"ActorType", 'token:bench',
           jsonb_build_array(jsonb_build_object('field', 'status_id', 'before', 1, 'after', 5)) FROM (${docs}) d`,
      );
      await db.$executeRawUnsafe(
        `INSERT INTO "Attachment" ("documentId", "fileName", "mediaType", size, content, "authorLabel")
         SELECT id, 'rg-' || id || '.pdf', 'application/pdf', 2048, decode(repeat(md5(id::text), 64), 'hex'),
           'token:bench' FROM (${docs}) d`,
      );
      await db.$executeRawUnsafe(
        `INSERT INTO "OutboxMessage" ("instanceId", "documentId", recipient, subject, body, status)
         SELECT $1, id, email, 'Seu pedido', 'Olá ' || name, 'sent' FROM (${docs}) d`,
        catalog.instanceId,
      );
    }

    // In slices of 5,000: each statement stays well under the statement timeout (30 s) on a loaded machine.
    const seedMany = async (prefix: string, count: number, statusId: number, finishedDaysAgo: number | null) => {
      for (let slice = 0; slice * 5_000 < count; slice += 1) {
        await seed(`${prefix}${slice}`, Math.min(5_000, count - slice * 5_000), statusId, finishedDaysAgo);
      }
    };
    let started = performance.now();
    await seedMany("OLD", matching, catalog.statusIds["Concluído"], 400);
    await seedMany("NEW", background / 2, catalog.statusIds["Concluído"], 30);
    await seedMany("OPEN", background / 2, catalog.statusIds["Em análise"], null);
    await db.$executeRawUnsafe(`ANALYZE`);
    console.log(
      `seeded ${matching} matching + ${background} other documents (each with 2 observations, 2 history rows, a 2 KB ` +
        `attachment, 1 e-mail) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const actor = systemActor("cli", catalog.instanceId);
    const rule = await createRetentionRule(
      { actor },
      {
        product_id: catalog.productId,
        category_id: catalog.categoryIds["final"]!,
        days: 365,
        action,
      },
    );
    started = performance.now();
    const preview = await previewRetentionRule({ actor }, { id: rule.id });
    console.log(`preview: ${preview.total} documents in ${(performance.now() - started).toFixed(0)} ms`);
    await activateRetentionRule({ actor }, { id: rule.id, confirmCount: preview.total });
    await db.$executeRawUnsafe(`UPDATE "RetentionRule" SET "notBefore" = now() WHERE id = $1`, rule.id);

    const load = () =>
      os
        .loadavg()
        .map((value) => value.toFixed(1))
        .join(" ");
    const loadBefore = load();
    started = performance.now();
    const { results } = await processDueRetention({ owner: "bench", settings: { runCap: matching } });
    const seconds = (performance.now() - started) / 1000;
    const result = results[0] as { outcome: string; processed: number; remaining: number };
    console.log(
      `${action} run: ${result.outcome}, ${result.processed} documents in ${seconds.toFixed(1)} s ` +
        `(${Math.round(result.processed / seconds)} documents/s), ${result.remaining} remaining; ` +
        `load average before ${loadBefore}, after ${load()}`,
    );
    const [diff] = await db.$queryRawUnsafe<[{ n: bigint }]>(
      `WITH kept AS (SELECT "productId", "statusId", sum("count")::int AS n FROM "DashboardCount" GROUP BY 1, 2
                      HAVING sum("count") <> 0),
            counted AS (SELECT "productId", "statusId", count(*)::int AS n FROM "Document" GROUP BY 1, 2)
       SELECT count(*) AS n FROM kept FULL JOIN counted USING ("productId", "statusId")
        WHERE kept.n IS DISTINCT FROM counted.n`,
    );
    const left = await db.document.count({ where: { protocol: { startsWith: "OLD" }, anonymisedAt: null } });
    console.log(
      `dashboard keys differing from a recount: ${Number(diff.n)}; matching documents left untouched: ${left}`,
    );
    await closeDb();
  } finally {
    if (!process.env.BENCH_KEEP) await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }
}
