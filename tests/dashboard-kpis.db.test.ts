// The dashboard's headline counts (POST /api/dashboard/kpis' use-case): one query, and each count equal to the
// queue's own total for the filters the tile opens, within the dashboard's product/period scope.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemActor } from "@/lib/auth/actor.ts";
import { kpiFilters, kpiScope, localToday } from "@/lib/dashboard/kpis.ts";
import { countKpis } from "@/lib/dashboard/server/count-kpis.ts";
import { KPI_KEYS, type KpiQuery } from "@/lib/dashboard/schema.ts";
import { closeDb, getDb } from "@/lib/db/client.ts";
import { createDocument } from "@/lib/documents/server/create-document.ts";
import { searchDocuments } from "@/lib/documents/server/search-documents.ts";
import { ZSearchDocumentsBody } from "@/lib/documents/search-schema.ts";
import { createInstanceWithCatalog, type SeededCatalog } from "@/lib/seed/server/catalog.ts";
import { createMigratedDatabase } from "./helpers/test-database.ts";

// A Tuesday, 12:00 in São Paulo: the week started on Monday 2026-03-09.
const NOW = new Date("2026-03-10T15:00:00Z");
const HOUR = 3_600_000;
let catalog: SeededCatalog;
let other: SeededCatalog;
let otherProductId = 0;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  ({ cleanup } = await createMigratedDatabase());
  const db = await getDb();
  catalog = await createInstanceWithCatalog(db, "default");
  other = await createInstanceWithCatalog(db, "other");
  otherProductId = (await db.product.create({ data: { instanceId: catalog.instanceId, name: "Outro produto" } })).id;
  const ana = await db.user.create({
    data: { instanceId: catalog.instanceId, name: "Ana", email: "ana@example.com", role: "staff", passwordHash: "x" },
  });
  const done = catalog.statusIds["Concluído"]!;
  const seed = async (productId: number, data: Record<string, unknown>, instance = catalog) => {
    const created = await createDocument(
      { actor: systemActor("cli", instance.instanceId) },
      {
        status_id: instance.statusIds["Novo"],
        product_id: productId,
        cpf: "52998224725",
        name: "Titular",
      },
    );
    await db.document.update({ where: { id: created.id }, data });
    return created.id;
  };
  /** One e-mail to the case's customer, `minutesAgo` before NOW, sent or failed. */
  const mail = (documentId: number, status: "failed" | "sent", minutesAgo: number, instance = catalog) =>
    db.outboxMessage.create({
      data: {
        instanceId: instance.instanceId,
        documentId,
        recipient: "titular@example.com",
        subject: "s",
        body: "b",
        status,
        lastError: status === "failed" ? "550 5.1.1 mailbox unavailable" : null,
        createdAt: new Date(NOW.getTime() - minutesAgo * 60_000),
      },
    });
  // Open, late by two days, nobody's; its last customer e-mail failed.
  const lateOne = await seed(catalog.productId, { slaEnd: new Date(NOW.getTime() - 48 * HOUR), userId: null });
  await mail(lateOne, "sent", 30);
  await mail(lateOne, "failed", 10);
  // Open, due today at 17:00 in São Paulo, Ana's; an e-mail failed, then one was sent: the customer has it.
  const dueToday = await seed(catalog.productId, { slaEnd: new Date("2026-03-10T20:00:00Z"), userId: ana.id });
  await mail(dueToday, "failed", 30);
  await mail(dueToday, "sent", 10);
  // Open, due in five days, nobody's.
  await seed(catalog.productId, { slaEnd: new Date(NOW.getTime() + 120 * HOUR), userId: null });
  // Finished this week (Monday), and finished last week; the finished one's last e-mail failed, but it is closed.
  const finished = await seed(catalog.productId, {
    statusId: done,
    dateFinished: new Date("2026-03-09T12:00:00Z"),
  });
  await mail(finished, "failed", 10);
  await seed(catalog.productId, { statusId: done, dateFinished: new Date("2026-03-05T12:00:00Z") });
  // The other product: open, late since 07:00 today in São Paulo (so also due today), nobody's; its e-mail failed.
  const otherProduct = await seed(otherProductId, { slaEnd: new Date(NOW.getTime() - 5 * HOUR), userId: null });
  await mail(otherProduct, "failed", 10);
  // Another instance's documents never count, failed e-mail or not.
  const foreign = await seed(other.productId, { slaEnd: new Date(NOW.getTime() - 5 * HOUR), userId: null }, other);
  await mail(foreign, "failed", 10, other);
});
afterAll(async () => {
  await closeDb();
  await cleanup?.();
});

const queueTotals = async (query: KpiQuery) => {
  const filters = kpiFilters(kpiScope(query), localToday(NOW));
  const totals: Record<string, number> = {};
  for (const key of KPI_KEYS) {
    const answer = await searchDocuments(
      { actor: systemActor("cli", catalog.instanceId) },
      {
        query: ZSearchDocumentsBody.parse({ filters: filters[key], page_size: 1 }),
        now: NOW,
      },
    );
    totals[key] = answer.total;
  }
  return totals;
};

const kpiTotals = async (query: KpiQuery) => {
  const answer = await countKpis({ actor: systemActor("cli", catalog.instanceId) }, { ...query, now: NOW });
  expect(answer.today).toBe("2026-03-10");
  expect(answer.week_start).toBe("2026-03-09");
  return Object.fromEntries(KPI_KEYS.map((key) => [key, answer.counts[key].total]));
};

describe("dashboard KPI counts", () => {
  it("count what the queue lists for each tile's filters, in one answer", async () => {
    const expected = {
      open: 4,
      late_now: 2,
      due_today: 2,
      unassigned: 3,
      finished_week: 1,
      my_late: 0,
      email_failed: 2,
    };
    expect(await kpiTotals({})).toEqual(expected);
    expect(await queueTotals({})).toEqual(expected);
  });

  it("apply the dashboard's product and creation period like the queue", async () => {
    const product = { product_id: catalog.productId };
    expect(await kpiTotals(product)).toEqual({
      open: 3,
      late_now: 1,
      due_today: 1,
      unassigned: 2,
      finished_week: 1,
      my_late: 0,
      email_failed: 1,
    });
    expect(await kpiTotals(product)).toEqual(await queueTotals(product));
    const other = { product_id: otherProductId, created_from: "2000-01-01", created_to: "2999-12-31" };
    expect(await kpiTotals(other)).toEqual({
      open: 1,
      late_now: 1,
      due_today: 1,
      unassigned: 1,
      finished_week: 0,
      my_late: 0,
      email_failed: 1,
    });
    expect(await kpiTotals(other)).toEqual(await queueTotals(other));
    // Created in a period with no documents.
    const empty = { created_to: "2000-01-01" };
    expect(await kpiTotals(empty)).toEqual({
      open: 0,
      late_now: 0,
      due_today: 0,
      unassigned: 0,
      finished_week: 0,
      my_late: 0,
      email_failed: 0,
    });
  });
});
