// The lead's filters on a real database: every bar of the dashboard's late-days histogram and compliance charts
// opens a queue whose total is the bar's number; several statuses at once; "Novo documento"'s responsible person
// (only an active user of the actor's instance) and the origins already used in the instance.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemActor } from "@/lib/auth/actor.ts";
import { complianceQueueFilters, lateBucketQueueFilters } from "@/lib/dashboard/chart-filters.ts";
import { kpiScope } from "@/lib/dashboard/kpis.ts";
import { loadDashboard } from "@/lib/dashboard/server/load-dashboard.ts";
import { closeDb, getDb } from "@/lib/db/client.ts";
import { createDocument } from "@/lib/documents/server/create-document.ts";
import { listDocumentSources } from "@/lib/documents/server/list-document-sources.ts";
import { searchDocuments } from "@/lib/documents/server/search-documents.ts";
import { ZSearchDocumentsBody, type DocumentFilters } from "@/lib/documents/search-schema.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { createInstanceWithCatalog, type SeededCatalog } from "@/lib/seed/server/catalog.ts";
import { createMigratedDatabase } from "./helpers/test-database.ts";

const NOW = new Date("2026-03-10T15:00:00Z");
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let catalog: SeededCatalog;
let other: SeededCatalog;
let otherProductId = 0;
let modalityId = 0;
let ana = 0;
let disabledUser = 0;
let foreignUser = 0;
let cleanup: () => Promise<void>;

const ctx = () => ({ actor: systemActor("cli", catalog.instanceId) });

beforeAll(async () => {
  ({ cleanup } = await createMigratedDatabase());
  const db = await getDb();
  catalog = await createInstanceWithCatalog(db, "default");
  other = await createInstanceWithCatalog(db, "other");
  otherProductId = (await db.product.create({ data: { instanceId: catalog.instanceId, name: "Outro produto" } })).id;
  modalityId = (await db.modality.create({ data: { instanceId: catalog.instanceId, identifier: "Comercial" } })).id;
  const user = (instanceId: number, email: string, disabled = false) =>
    db.user.create({ data: { instanceId, name: email, email, role: "staff", passwordHash: "x", disabled } });
  ana = (await user(catalog.instanceId, "ana@example.com")).id;
  disabledUser = (await user(catalog.instanceId, "saiu@example.com", true)).id;
  foreignUser = (await user(other.instanceId, "outra@example.com")).id;

  const done = catalog.statusIds["Concluído"]!;
  const paused = catalog.statusIds["Aguardando documentos"]!;
  const seed = async (productId: number, data: Record<string, unknown>, source?: string, instance = catalog) => {
    const created = await createDocument(
      { actor: systemActor("cli", instance.instanceId) },
      { status_id: instance.statusIds["Novo"], product_id: productId, cpf: "52998224725", source },
    );
    await db.document.update({ where: { id: created.id }, data });
  };
  const late = (days: number) => ({ slaEnd: new Date(NOW.getTime() - days * DAY) });
  // Open and late by 0.5, 2, 2.5, 5, 10, 20 and 45 days (one of each bucket, two in 1–3), on both products.
  await seed(catalog.productId, late(0.5), "chatbot");
  await seed(catalog.productId, late(2), "chatbot");
  await seed(otherProductId, { ...late(2.5), modalityId, modalityIdentifier: "Comercial" }, "robô");
  await seed(catalog.productId, late(5));
  await seed(otherProductId, late(10));
  await seed(catalog.productId, late(20));
  await seed(catalog.productId, late(45));
  // Paused after being late for 4 days: its clock stopped there, whatever day it is now.
  await seed(catalog.productId, {
    statusId: paused,
    slaEnd: new Date(NOW.getTime() - 30 * DAY),
    pausedAt: new Date(NOW.getTime() - 26 * DAY),
  });
  // Open, not late; open without SLA.
  await seed(catalog.productId, { slaEnd: new Date(NOW.getTime() + 3 * DAY) });
  await seed(catalog.productId, { slaEnd: null });
  // Finished: within and past the SLA, in two months and weeks, with and without a modality; one without an SLA.
  const finished = (at: string, slaEnd: string | null, extra: Record<string, unknown> = {}) => ({
    statusId: done,
    dateFinished: new Date(at),
    slaEnd: slaEnd ? new Date(slaEnd) : null,
    ...extra,
  });
  const comercial = { modalityId, modalityIdentifier: "Comercial" };
  await seed(catalog.productId, finished("2026-02-02T12:00:00Z", "2026-02-05T12:00:00Z"));
  await seed(catalog.productId, finished("2026-02-10T12:00:00Z", "2026-02-08T12:00:00Z", comercial));
  await seed(otherProductId, finished("2026-02-28T23:30:00Z", "2026-03-05T12:00:00Z", comercial));
  await seed(catalog.productId, finished("2026-03-01T02:30:00Z", "2026-02-27T12:00:00Z"));
  await seed(catalog.productId, finished("2026-03-09T12:00:00Z", "2026-03-10T12:00:00Z", comercial));
  await seed(catalog.productId, finished("2026-03-09T13:00:00Z", null));
  // Another instance's documents and origins never count.
  await seed(other.productId, late(10), "portal alheio", other);
  await seed(other.productId, finished("2026-03-09T12:00:00Z", "2026-03-10T12:00:00Z"), undefined, other);
});
afterAll(async () => {
  await closeDb();
  await cleanup?.();
});

async function queueTotal(filters: DocumentFilters): Promise<number> {
  const answer = await searchDocuments(ctx(), {
    query: ZSearchDocumentsBody.parse({ filters, page_size: 1 }),
    now: NOW,
  });
  return answer.total;
}

describe("the dashboard's charts open the queue they count", () => {
  for (const scopeQuery of [{}, { product_id: "catalog" }, { created_from: "2026-01-01", created_to: "2026-12-31" }]) {
    it(`every late-days bucket equals its queue (scope ${JSON.stringify(scopeQuery)})`, async () => {
      const query = {
        ...scopeQuery,
        ...(scopeQuery.product_id ? { product_id: catalog.productId } : {}),
      } as { product_id?: number; created_from?: string; created_to?: string };
      const dashboard = await loadDashboard(ctx(), { ...query, granularity: "month", now: NOW });
      expect(dashboard.late_histogram.some((bucket) => bucket.count > 0)).toBe(true);
      for (const bucket of dashboard.late_histogram) {
        expect({
          bucket: bucket.bucket,
          total: await queueTotal(lateBucketQueueFilters(kpiScope(query), bucket)),
        }).toEqual({ bucket: bucket.bucket, total: bucket.count });
      }
    });
  }

  it("a paused document counts by the days it was late when its pause began", async () => {
    const dashboard = await loadDashboard(ctx(), { granularity: "month", now: NOW });
    // 0.5 | 2, 2.5 | 5 and the pause (4) | 10 | 20 | 45 days late.
    expect(dashboard.late_histogram.map((bucket) => bucket.count)).toEqual([1, 2, 2, 1, 1, 1]);
    expect(await queueTotal(lateBucketQueueFilters({}, { min_days: 3, max_days: 7 }))).toBe(2);
    expect(await queueTotal(lateBucketQueueFilters({}, { min_days: 30, max_days: null }))).toBe(1);
  });

  for (const granularity of ["month", "week"] as const) {
    it(`every compliance row's finished and within-SLA numbers equal their queues (${granularity})`, async () => {
      const dashboard = await loadDashboard(ctx(), { granularity, now: NOW });
      const { by_product: byProduct, by_modality: byModality } = dashboard.compliance;
      expect(byModality.some((row) => row.id === null)).toBe(true);
      for (const [dimension, rows] of [
        ["product", byProduct],
        ["modality", byModality],
      ] as const) {
        expect(rows.length).toBeGreaterThan(1);
        for (const row of rows) {
          const filters = (which: "finished" | "within") =>
            complianceQueueFilters({}, { dimension, granularity, row, which });
          expect({ row, finished: await queueTotal(filters("finished")) }).toEqual({ row, finished: row.finished });
          expect({ row, within: await queueTotal(filters("within")) }).toEqual({ row, within: row.within_sla });
        }
      }
    });
  }

  it("the São Paulo day decides the period: finished at 23:30 on 28 February in São Paulo is February's", async () => {
    const dashboard = await loadDashboard(ctx(), { granularity: "month", now: NOW });
    const february = dashboard.compliance.by_product.find(
      (row) => row.period === "2026-02-01" && row.id === otherProductId,
    );
    expect(february?.finished).toBe(1);
  });
});

describe("several statuses at once", () => {
  it("the queue lists the documents of any of them, and its total is the sum of each one's", async () => {
    const late = catalog.statusIds["Novo"]!;
    const done = catalog.statusIds["Concluído"]!;
    const paused = catalog.statusIds["Aguardando documentos"]!;
    const each = [await queueTotal({ status_ids: [late] }), await queueTotal({ status_ids: [done] })];
    expect(each.every((total) => total > 0)).toBe(true);
    expect(await queueTotal({ status_ids: [late, done] })).toBe(each[0]! + each[1]!);
    expect(await queueTotal({ status_ids: [late, done, paused] })).toBe(each[0]! + each[1]! + 1);
  });
});

describe("document/create's responsible person", () => {
  const body = () => ({ status_id: catalog.statusIds["Novo"]!, product_id: catalog.productId, cpf: "52998224725" });

  it("takes an active user of the actor's instance", async () => {
    const created = await createDocument(ctx(), { ...body(), user_id: ana });
    expect(created.userId).toBe(ana);
    const db = await getDb();
    const history = await db.documentHistory.findMany({ where: { documentId: created.id } });
    expect(JSON.stringify(history.map((entry) => entry.changes))).toContain("user_id");
  });

  for (const [who, id] of [
    ["another instance's user", () => foreignUser],
    ["a disabled user", () => disabledUser],
    ["an unknown id", () => 2_000_000],
  ] as const) {
    it(`refuses ${who} as an unknown reference and writes nothing`, async () => {
      const db = await getDb();
      const before = await db.document.count({ where: { instanceId: catalog.instanceId } });
      const refusal = await createDocument(ctx(), { ...body(), user_id: id() }).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(AppError);
      expect((refusal as AppError).kind).toBe("invalid");
      expect((refusal as AppError).code).toBe("unknown_reference");
      expect((refusal as AppError).message).toBe("Provided user_id parameter not exists on database");
      expect(await db.document.count({ where: { instanceId: catalog.instanceId } })).toBe(before);
    });
  }
});

describe("the origins already used", () => {
  it("are the instance's distinct non-empty sources, in alphabetical order", async () => {
    expect(await listDocumentSources(ctx())).toEqual(["chatbot", "robô"]);
    expect(await listDocumentSources({ actor: systemActor("cli", other.instanceId) })).toEqual(["portal alheio"]);
  });
});
