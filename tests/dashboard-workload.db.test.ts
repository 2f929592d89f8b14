// The team lead's view (POST /api/dashboard/workload and the "meus atrasados" tile): open, late and due-today documents
// per responsible person, each number equal to the queue's own total for the filters its link opens; "meus atrasados"
// counts the caller's own late documents.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemActor, type Actor } from "@/lib/auth/actor.ts";
import { countKpis } from "@/lib/dashboard/server/count-kpis.ts";
import { countWorkload } from "@/lib/dashboard/server/count-workload.ts";
import { kpiScope } from "@/lib/dashboard/kpis.ts";
import { WORKLOAD_COLUMNS, workloadCellFilters } from "@/lib/dashboard/workload.ts";
import { closeDb, getDb } from "@/lib/db/client.ts";
import { createDocument } from "@/lib/documents/server/create-document.ts";
import { searchDocuments } from "@/lib/documents/server/search-documents.ts";
import { ZSearchDocumentsBody } from "@/lib/documents/search-schema.ts";
import { createInstanceWithCatalog, type SeededCatalog } from "@/lib/seed/server/catalog.ts";
import { createMigratedDatabase } from "./helpers/test-database.ts";

// A Tuesday, 12:00 in São Paulo.
const NOW = new Date("2026-03-10T15:00:00Z");
const HOUR = 3_600_000;
let catalog: SeededCatalog;
let cleanup: () => Promise<void>;
const users = { ana: 0, bruno: 0 };
const cli = () => systemActor("cli", catalog.instanceId);

beforeAll(async () => {
  ({ cleanup } = await createMigratedDatabase());
  const db = await getDb();
  catalog = await createInstanceWithCatalog(db, "default");
  const other = await createInstanceWithCatalog(db, "other");
  const user = (name: string, email: string) =>
    db.user.create({ data: { instanceId: catalog.instanceId, name, email, role: "staff", passwordHash: "x" } });
  users.ana = (await user("Ana Souza", "ana@example.com")).id;
  users.bruno = (await user("Bruno Lima", "bruno@example.com")).id;
  const seed = async (data: Record<string, unknown>, instance = catalog) => {
    const created = await createDocument(
      { actor: systemActor("cli", instance.instanceId) },
      { status_id: instance.statusIds["Novo"], product_id: instance.productId, cpf: "52998224725", name: "Titular" },
    );
    await db.document.update({ where: { id: created.id }, data });
  };
  const late = new Date(NOW.getTime() - 48 * HOUR);
  const dueToday = new Date("2026-03-10T20:00:00Z");
  const later = new Date(NOW.getTime() + 120 * HOUR);
  // Ana: two late, one due today, one later; one finished (never counted).
  for (const slaEnd of [late, late, dueToday, later]) await seed({ slaEnd, userId: users.ana });
  await seed({ userId: users.ana, statusId: catalog.statusIds["Concluído"], dateFinished: NOW });
  // Bruno: one due later.
  await seed({ slaEnd: later, userId: users.bruno });
  // Nobody: one late.
  await seed({ slaEnd: late, userId: null });
  // Another instance's late document is never counted.
  await seed({ slaEnd: late, userId: null }, other);
});
afterAll(async () => {
  await closeDb();
  await cleanup?.();
});

describe("the team's workload", () => {
  it("counts open, late and due today per responsible person, most late first", async () => {
    const answer = await countWorkload({ actor: cli() }, { now: NOW });
    expect(answer.today).toBe("2026-03-10");
    expect(answer.rows).toEqual([
      { user_id: users.ana, name: "Ana Souza", open: 4, late: 2, due_today: 1 },
      { user_id: null, name: null, open: 1, late: 1, due_today: 0 },
      { user_id: users.bruno, name: "Bruno Lima", open: 1, late: 0, due_today: 0 },
    ]);
  });

  it("each number is what the list shows for its link's filters", async () => {
    const answer = await countWorkload({ actor: cli() }, { now: NOW });
    for (const row of answer.rows)
      for (const column of WORKLOAD_COLUMNS) {
        const filters = workloadCellFilters(kpiScope({}), answer.today, column, row.user_id);
        const listed = await searchDocuments(
          { actor: cli() },
          { query: ZSearchDocumentsBody.parse({ filters, page_size: 1 }), now: NOW },
        );
        expect({ who: row.name, column, total: listed.total }).toEqual({ who: row.name, column, total: row[column] });
      }
  });

  it('"meus atrasados" counts the caller\'s own late documents', async () => {
    const as = (userId: number): Actor => ({ ...cli(), userId });
    expect((await countKpis({ actor: as(users.ana) }, { now: NOW })).counts.my_late.total).toBe(2);
    expect((await countKpis({ actor: as(users.bruno) }, { now: NOW })).counts.my_late.total).toBe(0);
  });
});
