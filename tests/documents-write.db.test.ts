// The document create/update use-cases on a real database, without Next (they were reached only
// through HTTP): what a write stores, that a refused update writes nothing, and that another instance's document is
// out of reach. PGlite, and PostgreSQL with TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor.ts";
import { closeDb, getDb, type Db } from "@/lib/db/client.ts";
import { rawQuery } from "@/lib/db/raw-query.ts";
import { createDocument } from "@/lib/documents/server/create-document.ts";
import { updateDocument } from "@/lib/documents/server/update-document.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { createInstanceWithCatalog, type SeededCatalog } from "@/lib/seed/server/catalog.ts";
import { createMigratedDatabase } from "./helpers/test-database.ts";

let db: Db;
let cleanup: () => Promise<void>;
let databaseUrl: string | undefined;
let catalog: SeededCatalog;
let other: SeededCatalog;
const actorOf = (instanceId: number, id: number): Actor => ({
  type: "token",
  id,
  label: `token:${id}`,
  instanceId,
  role: "staff",
  userId: null,
});
let staff: Actor;
let otherStaff: Actor;

beforeAll(async () => {
  ({ cleanup, url: databaseUrl } = await createMigratedDatabase());
  db = await getDb();
  catalog = await createInstanceWithCatalog(db, "default");
  other = await createInstanceWithCatalog(db, "other");
  staff = actorOf(catalog.instanceId, 1);
  otherStaff = actorOf(other.instanceId, 2);
});
afterAll(async () => {
  await closeDb();
  await cleanup?.();
});

const newDocument = (extra: Record<string, unknown> = {}) =>
  createDocument(
    { actor: staff, requestId: "req-create" },
    { status_id: catalog.statusIds["Novo"], product_id: catalog.productId, cpf: "529.982.247-25", ...extra },
  );

async function rowAndHistory(id: number) {
  const row = await db.document.findUniqueOrThrow({ where: { id } });
  const history = await db.documentHistory.findMany({ where: { documentId: id }, orderBy: { id: "asc" } });
  return { row, history };
}

describe("createDocument", () => {
  it("stores the row with the day's next protocol and one history entry naming the actor and request", async () => {
    const first = await newDocument({ name: "Ana", filled_columns: { placa: "ABC1D23" } });
    const second = await newDocument();
    const [firstPrefix, firstNumber] = first.protocol.split("-");
    const [secondPrefix, secondNumber] = second.protocol.split("-");
    expect(secondPrefix).toBe(firstPrefix);
    expect(Number(secondNumber)).toBe(Number(firstNumber) + 1);

    const { row, history } = await rowAndHistory(first.id);
    expect(row).toMatchObject({
      instanceId: catalog.instanceId,
      statusId: catalog.statusIds["Novo"],
      cpfDigits: "52998224725",
      name: "Ana",
      filledColumns: { placa: "ABC1D23" },
    });
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ actorType: "token", actorId: 1, requestId: "req-create" });
  });
});

describe("createDocument and the modality it names", () => {
  it("concurrent writes naming a new modality all get the one row created", async () => {
    const created = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        createDocument(
          { actor: staff },
          {
            status_id: catalog.statusIds["Novo"],
            product_id: catalog.productId,
            cpf: "390.533.447-05",
            modality_identifier: `Nova ${index % 2}`,
          },
        ),
      ),
    );
    const rows = await db.modality.findMany({
      where: { instanceId: catalog.instanceId, identifier: { in: ["Nova 0", "Nova 1"] } },
      orderBy: { identifier: "asc" },
    });
    expect(rows).toHaveLength(2);
    expect(created.map((document) => document.modalityId)).toEqual(created.map((_, index) => rows[index % 2]!.id));
  });

  // The first-use race of a modality: another write inserts it and commits while this one's insert waits on that
  // row; this write must get the committed row, not a second one or none. Needs a second connection.
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    "a write whose new modality another write commits meanwhile reads that one's row",
    async () => {
      const { default: pg } = await import("pg");
      const rival = new pg.Client({ connectionString: databaseUrl });
      // A third connection to see the create wait (pg_stat_activity is read once per transaction, so not the rival's).
      const watcher = new pg.Client({ connectionString: databaseUrl });
      await Promise.all([rival.connect(), watcher.connect()]);
      const createWaitsOnALock = async () => {
        for (let attempt = 0; attempt < 250; attempt += 1) {
          const { rows } = await watcher.query<{ waiting: number }>(
            `SELECT count(*)::int AS "waiting" FROM pg_stat_activity
              WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          );
          if (rows[0]!.waiting > 0) return true;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        return false;
      };
      try {
        await rival.query("BEGIN");
        const {
          rows: [row],
        } = await rival.query<{ id: number }>(
          `INSERT INTO "Modality" ("instanceId", "identifier", "timeZone", "updatedAt")
           VALUES ($1, 'Corrida', 'America/Sao_Paulo', now()) RETURNING "id"`,
          [catalog.instanceId],
        );
        const creating = newDocument({ modality_identifier: "Corrida" });
        // The rival commits only once the create's insert is waiting on its uncommitted row: the race itself.
        expect(await createWaitsOnALock()).toBe(true);
        await rival.query("COMMIT");
        const created = await creating;
        expect(created.modalityId).toBe(row!.id);
        expect(await db.modality.count({ where: { instanceId: catalog.instanceId, identifier: "Corrida" } })).toBe(1);
      } finally {
        await Promise.all([rival.end(), watcher.end()]);
      }
    },
  );
});

describe("updateDocument", () => {
  it("changes the fields sent, keeps the others, and records the change in the history", async () => {
    const created = await newDocument({ name: "Ana", email: "ana@example.com" });
    await updateDocument(
      { actor: staff },
      { id: created.id, name: "Ana Maria", status_id: catalog.statusIds["Em análise"] },
    );
    const { row, history } = await rowAndHistory(created.id);
    expect(row).toMatchObject({
      name: "Ana Maria",
      email: "ana@example.com",
      statusId: catalog.statusIds["Em análise"],
    });
    expect(history).toHaveLength(2);
    const fields = (history[1]!.changes as Array<{ field: string }>).map((change) => change.field);
    expect(fields).toEqual(expect.arrayContaining(["name"]));
  });

  it("refuses an unknown status and writes nothing, not even the other fields sent with it", async () => {
    const created = await newDocument({ name: "Ana" });
    const before = await rowAndHistory(created.id);
    const refused = updateDocument({ actor: staff }, { id: created.id, name: "Changed", status_id: 2 ** 31 - 1 });
    await expect(refused).rejects.toBeInstanceOf(AppError);
    expect(await rowAndHistory(created.id)).toEqual(before);
  });

  it("does not reach another instance's document: not found, and unchanged", async () => {
    const created = await newDocument({ name: "Ana" });
    const before = await rowAndHistory(created.id);
    const refused = updateDocument({ actor: otherStaff }, { id: created.id, name: "Taken" });
    await expect(refused).rejects.toMatchObject({ kind: "not_found" });
    expect(await rowAndHistory(created.id)).toEqual(before);
  });

  it("records no change when a nested filled_columns value comes back in another key order (jsonb keeps no order)", async () => {
    const created = await newDocument({ filled_columns: { veiculo: { placa: "ABC1D23", ano: 2020, donos: [1, 2] } } });
    const before = await rowAndHistory(created.id);
    await updateDocument(
      { actor: staff },
      { id: created.id, filled_columns: { veiculo: { donos: [1, 2], ano: 2020, placa: "ABC1D23" } } },
    );
    expect(await rowAndHistory(created.id)).toEqual(before);
    // A real change inside the object is still one.
    await updateDocument(
      { actor: staff },
      { id: created.id, filled_columns: { veiculo: { donos: [2, 1], ano: 2020, placa: "ABC1D23" } } },
    );
    const { history } = await rowAndHistory(created.id);
    expect(history).toHaveLength(before.history.length + 1);
    expect((history.at(-1)!.changes as Array<{ field: string }>).map((change) => change.field)).toEqual([
      "filled_columns.veiculo",
    ]);
  });

  it("plans its locking read once: PostgreSQL settles on the statement's generic plan instead of planning each call", async () => {
    // One statement text per combination of what the request can use (lib/documents/server/update-document.ts): with
    // optional parts in one text, a custom plan folded them away, looked cheaper, and every call was planned again.
    const created = await newDocument();
    for (let i = 0; i < 8; i++) {
      await updateDocument({ actor: staff }, { id: created.id, filled_columns: { vistoria: `ok ${i}` } });
    }
    // The most used text of the locking read: this test's. This process's one connection on PGlite; on PostgreSQL
    // the pool hands calls in a row the same idle connection.
    const { rows } = await rawQuery<{ generic: number; custom: number }>(
      `SELECT generic_plans::int AS "generic", custom_plans::int AS "custom" FROM pg_prepared_statements
        WHERE statement LIKE '%FOR UPDATE OF d' ORDER BY generic_plans + custom_plans DESC LIMIT 1`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.custom).toBeLessThanOrEqual(5); // PostgreSQL tries five custom plans before it compares
    expect(rows[0]!.generic).toBeGreaterThanOrEqual(3);
  });
});
