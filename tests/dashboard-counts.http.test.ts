// The dashboard reads per-key counts kept by triggers (prisma/migrations/*_dashboard_counts), not the documents.
// This test holds its figures to a plain COUNT over "Document" (the definitions of lib/dashboard/server/load-dashboard.ts
// written the direct way) after creates through the API, status moves (API and direct), pauses, finishes, SLA and
// creation-date changes, deletions, an instance's documents moved to a modality being deleted, and an LGPD erasure —
// at many moments `now` (the SLA of a running clock is decided at read time, with the days on a bucket boundary
// counted from the documents), with and without filters. Runs on PGlite and on PostgreSQL (TEST_DATABASE_URL).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemActor } from "@/lib/auth/actor.ts";
import { loadDashboard } from "@/lib/dashboard/server/load-dashboard.ts";
import { LATE_BUCKETS, dashboardQuerySchema, type DashboardData, type DashboardQuery } from "@/lib/dashboard/schema.ts";
import { Prisma } from "@/lib/db/client.ts";
import { rotateLgpdKey } from "@/lib/lgpd/server/keys.ts";
import { processDueRequests } from "@/lib/lgpd/server/deletion-queue.ts";
import { localDayEnd, localDayStart } from "@/lib/time/local-day.ts";
import { createInstanceFixture, type InstanceFixture } from "./helpers/fixtures.ts";
import { cpfFromBase, formatCpf } from "./helpers/lgpd.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// The test's clock, fixed: the figures are computed at a `now` the test passes in, and the documents' dates are set
// relative to it, so a fixed instant makes every run see the same documents on the same days. With `Date.now()` the
// month and week buckets of the compliance tables moved with the calendar (from 1 to 6 December 2026 none of the
// finished documents fell in the current month, and the precondition below failed). Real time still stamps what
// the API writes (a status move's finish date): the comparisons are exact at any date, only the seeded shape is fixed.
const NOW = Date.parse("2026-11-24T15:00:00Z");
const ERASED_CPF = cpfFromBase(141421356);

let app: TestApp;
let fx: InstanceFixture;
let other: InstanceFixture;
let productB: number;
let lgpdKey: string;
const ids: number[] = [];
// Each call on its own connection: the counting between calls keeps the event loop (and in-process PGlite) busy for
// seconds, and a kept-alive socket the server closes meanwhile would fail the next call with ECONNRESET.
const CLOSE = { connection: "close" };

/** A deterministic pseudo-random sequence, so a failure replays the same documents. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}
const next = random(20261124);
const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!;

/** An SLA end on or near a bucket boundary (now − 0, 1, 3, 7, 15, 30 days ± up to 13 hours), or anywhere. */
function slaEndNear(): Date {
  if (next() < 0.3) return new Date(NOW + (next() - 0.5) * 80 * DAY);
  return new Date(NOW - pick(LATE_BUCKETS).min * DAY + (next() - 0.5) * 26 * HOUR);
}

async function createDocuments(fixture: InstanceFixture, count: number, cpf?: string) {
  const statuses = Object.values(fixture.statusIds);
  for (let i = 0; i < count; i += 1) {
    const product = fixture === fx && next() < 0.3 ? productB : fixture.productId;
    const response = await app.post(
      "document/create",
      {
        status_id: pick(statuses),
        product_id: product,
        cpf: cpf ?? formatCpf(cpfFromBase(100_000 + i)),
        name: `Cliente ${i}`,
        sla_total: next() < 0.15 ? null : pick([4, 24, 72]),
        ...(next() < 0.6 ? { modality_identifier: pick(["24x7", "Horário comercial"]) } : {}),
      },
      { token: fixture.tokens.staff, headers: CLOSE },
    );
    const body = (await response.json()) as { id: number };
    expect(response.status, JSON.stringify(body)).toBe(200);
    if (fixture === fx) ids.push(body.id);
    // Dates a live instance has: created over ~2 months, SLA ends around the boundaries, some paused or finished
    // (also a finished date on an open status and none on a finished one: the rules must hold whatever the data).
    const createdAt = new Date(NOW - next() * 60 * DAY);
    await app.db.$executeRaw`UPDATE "Document" SET "createdAt" = ${createdAt},
      "slaEnd" = CASE WHEN "slaEnd" IS NULL THEN NULL ELSE ${slaEndNear()}::timestamptz END,
      "pausedAt" = ${next() < 0.15 ? new Date(NOW - next() * 40 * DAY) : null}::timestamptz,
      "dateFinished" = ${next() < 0.35 ? new Date(NOW - next() * 40 * DAY) : null}::timestamptz
      WHERE "id" = ${body.id}`;
  }
}

type Row = Record<string, unknown>;
const int = (value: unknown) => Number(value ?? 0);

/** The dashboard straight from the documents: one COUNT per figure, the definitions as load-dashboard.ts states them. */
async function countFromDocuments(instanceId: number, query: DashboardQuery, now: Date): Promise<DashboardData> {
  const filter = dashboardQuerySchema.parse(query);
  const where = [Prisma.sql`d."instanceId" = ${instanceId}`];
  if (filter.product_id) where.push(Prisma.sql`d."productId" = ${filter.product_id}`);
  if (filter.created_from) where.push(Prisma.sql`d."createdAt" >= ${localDayStart(filter.created_from)}`);
  if (filter.created_to) where.push(Prisma.sql`d."createdAt" < ${localDayEnd(filter.created_to)}`);
  const docs = Prisma.sql`WITH docs AS (
      SELECT d.*, c."id" AS "categoryId", c."kind"::text AS "kind",
        EXTRACT(EPOCH FROM (COALESCE(d."dateFinished", d."pausedAt", ${now}::timestamptz) - d."slaEnd")) / 86400.0 AS "late"
      FROM "Document" d JOIN "Status" s ON s."id" = d."statusId" JOIN "StatusCategory" c ON c."id" = s."categoryId"
      WHERE ${Prisma.join(where, " AND ")})`;
  const categories = await app.db.$queryRaw<Row[]>`${docs}
    SELECT c."key", c."label", c."kind"::text AS "kind", count(docs."id") AS "count"
    FROM "StatusCategory" c LEFT JOIN docs ON docs."categoryId" = c."id" WHERE c."instanceId" = ${instanceId}
    GROUP BY c."id" ORDER BY c."order", c."id"`;
  const sla = { open: { in_sla: 0, late: 0, no_sla: 0 }, finished: { in_sla: 0, late: 0, no_sla: 0 } };
  for (const row of await app.db.$queryRaw<Row[]>`${docs}
      SELECT docs."kind" = 'finished' AS "finished",
        CASE WHEN "slaEnd" IS NULL THEN 'no_sla' WHEN "late" > 0 THEN 'late' ELSE 'in_sla' END AS "state", count(*) AS n
      FROM docs GROUP BY 1, 2`) {
    sla[row.finished ? "finished" : "open"][row.state as "late"] = int(row.n);
  }
  const histogram = [];
  for (const bucket of LATE_BUCKETS) {
    const [row] = await app.db.$queryRaw<Row[]>`${docs} SELECT count(*) AS n FROM docs
      WHERE "kind" <> 'finished' AND "late" > 0 AND "late" >= ${bucket.min} AND (${bucket.max}::int IS NULL OR "late" < ${bucket.max}::int)`;
    histogram.push({ bucket: bucket.key, min_days: bucket.min, max_days: bucket.max, count: int(row!.n) });
  }
  const compliance = async (key: Prisma.Sql, join: Prisma.Sql) =>
    (
      await app.db.$queryRaw<Row[]>`${docs}
      SELECT to_char(date_trunc(${filter.granularity}::text, "dateFinished" AT TIME ZONE 'America/Sao_Paulo'), 'YYYY-MM-DD') AS "period",
        ${key} AS "id", n."name" AS "name", count(*) AS "finished", count(*) FILTER (WHERE "dateFinished" <= "slaEnd") AS "within"
      FROM docs ${join}
      WHERE "kind" = 'finished' AND "slaEnd" IS NOT NULL AND "dateFinished" IS NOT NULL
      GROUP BY 1, 2, 3 ORDER BY 1, 3, 2`
    ).map((row) => ({
      period: String(row.period),
      id: row.id === null ? null : int(row.id),
      name: row.name === null ? null : String(row.name),
      finished: int(row.finished),
      within_sla: int(row.within),
      rate: int(row.within) / int(row.finished),
    }));
  const byCategory = categories.map((row) => ({
    key: String(row.key),
    label: String(row.label),
    kind: row.kind as "open",
    count: int(row.count),
  }));
  return {
    generated_at: now.toISOString(),
    total: byCategory.reduce((sum, row) => sum + row.count, 0),
    by_category: byCategory,
    sla,
    late_histogram: histogram,
    compliance: {
      granularity: filter.granularity,
      by_product: await compliance(
        Prisma.sql`docs."productId"`,
        Prisma.sql`LEFT JOIN "Product" n ON n."id" = docs."productId"`,
      ),
      by_modality: await compliance(
        Prisma.sql`docs."modalityId"`,
        Prisma.sql`LEFT JOIN (SELECT "id", "identifier" AS "name" FROM "Modality") n ON n."id" = docs."modalityId"`,
      ),
    },
  };
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const QUERIES: DashboardQuery[] = [
  {},
  { granularity: "week" },
  { created_from: day(NOW - 30 * DAY), created_to: day(NOW - 5 * DAY) },
  { created_from: day(NOW - 20 * DAY), granularity: "week" },
];

/** The use-case's context: an actor of the fixture's instance. */
const fixtureCtx = () => ({ actor: systemActor("cli", fx.instanceId) });

/** Compares the dashboard with the direct count for every query at moments around now (boundaries move with it). */
async function expectExactCounts(label: string) {
  const moments = [0, 1, -1, 0.25 * DAY, -0.6 * DAY, 2 * DAY, 11 * DAY + 5 * HOUR, -3 * DAY + 7 * HOUR];
  let checked = 0;
  for (const query of [...QUERIES, { product_id: productB }, { product_id: fx.productId, granularity: "week" }]) {
    for (const offset of moments) {
      const now = new Date(NOW + offset);
      const expected = await countFromDocuments(fx.instanceId, query as DashboardQuery, now);
      const actual = await loadDashboard(fixtureCtx(), { ...dashboardQuerySchema.parse(query), now });
      expect(actual, `${label}: ${JSON.stringify(query)} at now ${offset >= 0 ? "+" : ""}${offset / HOUR} h`).toEqual(
        expected,
      );
      checked += 1;
    }
  }
  return checked;
}

beforeAll(async () => {
  app = await startTestApp();
  fx = await createInstanceFixture(app.db, "default");
  other = await createInstanceFixture(app.db, "other");
  productB = (await app.db.product.create({ data: { instanceId: fx.instanceId, name: "Produto B" } })).id;
  lgpdKey = (await rotateLgpdKey(fx.instanceId)).key;
  await createDocuments(fx, 120);
  await createDocuments(fx, 6, formatCpf(ERASED_CPF));
  await createDocuments(other, 15);
}, 180_000);
afterAll(async () => app?.close());

describe("dashboard counts kept by triggers", () => {
  it("after creates: the counts table matches the documents, and so does every figure at every moment", async () => {
    const [{ documents, counted }] = await app.db.$queryRaw<[{ documents: bigint; counted: bigint }]>`
      SELECT (SELECT count(*) FROM "Document") AS documents,
             (SELECT sum("count") FROM "DashboardCount") AS counted`;
    expect(Number(counted)).toBe(Number(documents));
    // The whole-instance figures have something in every part, or the comparison would prove little.
    const all = await loadDashboard(fixtureCtx(), { ...dashboardQuerySchema.parse({}), now: new Date(NOW) });
    expect(all.total).toBe(126);
    expect(all.late_histogram.every((bucket) => bucket.count > 0)).toBe(true);
    expect(Object.values(all.sla.open).every((count) => count > 0)).toBe(true);
    expect(Object.values(all.sla.finished).every((count) => count > 0)).toBe(true);
    // Compliance rows for every modality value (two modalities and none) in more than one period.
    expect(new Set(all.compliance.by_modality.map((row) => row.name)).size).toBe(3);
    expect(new Set(all.compliance.by_modality.map((row) => row.period)).size).toBeGreaterThan(1);
    expect(await expectExactCounts("after creates")).toBe(48);
  });

  it("after status moves, pauses, finishes, SLA and creation-date changes (API and direct)", async () => {
    for (const id of ids.slice(0, 30)) {
      const response = await app.post(
        "document/updateById",
        { id, status_id: pick(Object.values(fx.statusIds)), filled_columns: { placa: `P${id}` } },
        { token: fx.tokens.admin, headers: CLOSE },
      );
      expect([200, 409]).toContain(response.status); // 409: a transition the catalog does not allow
    }
    for (const id of ids.slice(30, 60)) {
      await app.db.$executeRaw`UPDATE "Document" SET "statusId" = ${pick(Object.values(fx.statusIds))},
        "slaEnd" = ${next() < 0.2 ? null : slaEndNear()}::timestamptz,
        "pausedAt" = ${next() < 0.3 ? new Date(NOW - next() * 10 * DAY) : null}::timestamptz,
        "dateFinished" = ${next() < 0.4 ? new Date(NOW - next() * 10 * DAY) : null}::timestamptz,
        "createdAt" = "createdAt" - ${Math.floor(next() * 5)} * interval '1 day',
        "productId" = ${next() < 0.5 ? productB : fx.productId}
        WHERE "id" = ${id}`;
    }
    // One counted column at a time (each alone must move the document to its new key).
    for (const [index, id] of ids.slice(75, 115).entries()) {
      const at = new Date(NOW - next() * 20 * DAY);
      if (index % 4 === 0)
        await app.db.document.update({ where: { id }, data: { pausedAt: next() < 0.5 ? at : null } });
      if (index % 4 === 1)
        await app.db.document.update({ where: { id }, data: { dateFinished: next() < 0.5 ? at : null } });
      if (index % 4 === 2) await app.db.document.update({ where: { id }, data: { slaEnd: slaEndNear() } });
      if (index % 4 === 3) await app.db.document.update({ where: { id }, data: { createdAt: at } });
    }
    // A merge that changes nothing counted, in bulk: the counts must not move.
    await app.db.$executeRaw`UPDATE "Document" SET "filledColumns" = "filledColumns" || '{"x": 1}'::jsonb`;
    await expectExactCounts("after moves");
  });

  it("after deletions, a modality removed under its documents, and an LGPD erasure", async () => {
    await app.db.document.deleteMany({ where: { id: { in: ids.slice(60, 75) } } });
    const modality = await app.db.modality.findFirstOrThrow({
      where: { instanceId: fx.instanceId, identifier: "Horário comercial" },
    });
    await app.db.$executeRaw`DELETE FROM "Modality" WHERE "id" = ${modality.id}`; // ON DELETE SET NULL on documents
    const requested = await fetch(`${app.baseUrl}/api/lgpd/${fx.slug}/request`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": lgpdKey, ...CLOSE },
      body: JSON.stringify({ cpf: ERASED_CPF }),
    });
    expect(requested.status).toBe(200);
    const { results } = await processDueRequests({ owner: "dashboard-counts-test", limit: 10 });
    expect(results).toEqual([
      expect.objectContaining({ outcome: "done", deleted: expect.objectContaining({ documents: 6 }) }),
    ]);
    await expectExactCounts("after deletions");
    // What the triggers kept equals what the migration's backfill would count now (the same key function).
    const keys = Prisma.sql`"instanceId", "createdDay", "productId", "modalityId", "statusId", "slaState", "lateFrom",
      "slaDay", "finishedDay"`;
    const [{ differences }] = await app.db.$queryRaw<[{ differences: bigint }]>`
      WITH kept AS (SELECT ${keys}, "count" FROM "DashboardCount" WHERE "count" <> 0),
      recounted AS (
        SELECT (k)."instanceId", (k)."createdDay", (k)."productId", (k)."modalityId", (k)."statusId", (k)."slaState",
          (k)."lateFrom", (k)."slaDay", (k)."finishedDay", count(*)::int AS "count"
        FROM (SELECT "docflow_dashboard_key"(d) AS k FROM "Document" d) keyed GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9)
      SELECT count(*) AS differences FROM (
        (SELECT * FROM kept EXCEPT ALL SELECT * FROM recounted) UNION ALL (SELECT * FROM recounted EXCEPT ALL SELECT * FROM kept)
      ) diff`;
    expect(Number(differences)).toBe(0);
    const answer = await app.post("dashboard", {}, { token: fx.tokens.viewer, headers: CLOSE });
    const body = (await answer.json()) as DashboardData;
    expect(answer.status).toBe(200);
    expect(body.total).toBe(126 - 15 - 6);
  });
});
