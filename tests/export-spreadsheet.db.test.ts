// The spreadsheet export's use-case on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): a set larger
// than one keyset page read back as a pt-BR spreadsheet reads it, masked by the role's policy; the unmasked file is
// refused without a reason and audited with its row count.
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor.ts";
import { closeDb, getDb } from "@/lib/db/client.ts";
import { EXPORT_BATCH_SIZE } from "@/lib/documents/server/export-source.ts";
import { prepareDocumentExport } from "@/lib/documents/server/prepare-document-export.ts";
import { insertBulkDocuments } from "./helpers/bulk-documents.ts";
import { createInstanceFixture, type InstanceFixture } from "./helpers/fixtures.ts";
import { createMigratedDatabase } from "./helpers/test-database.ts";

let cleanup: () => Promise<void>;
let fx: InstanceFixture;
const COUNT = EXPORT_BATCH_SIZE * 2 + 345;

const actor = (role: Actor["role"]): Actor => ({
  type: "token",
  id: 1,
  label: `teste-${role}`,
  instanceId: fx.instanceId,
  role,
  userId: null,
});

async function read(stream: ReadableStream<Uint8Array>) {
  const bytes = Buffer.from(await new Response(stream).arrayBuffer());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const parsed = Papa.parse<string[]>(bytes.subarray(3).toString("utf8"), { delimiter: ";", skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

beforeAll(async () => {
  ({ cleanup } = await createMigratedDatabase());
  fx = await createInstanceFixture(await getDb(), "export");
  await insertBulkDocuments(await getDb(), {
    instanceId: fx.instanceId,
    statusId: fx.statusIds["Em análise"],
    productId: fx.productId,
    count: COUNT,
  });
});
afterAll(async () => {
  await closeDb();
  await cleanup?.();
});

describe("prepareDocumentExport", () => {
  it("streams every row once, masked by the role's policy, with `;`, BOM and local times", async () => {
    const file = await prepareDocumentExport({ actor: actor("admin") }, { filters: {} });
    expect(file.total).toBe(COUNT);
    const [header, ...rows] = await read(file.stream);
    expect(header!.slice(0, 6)).toEqual(["ID", "Protocolo", "CPF/CNPJ", "Nome", "E-mail", "Telefone"]);
    expect(rows).toHaveLength(COUNT);
    expect(new Set(rows.map((row) => row[0])).size).toBe(COUNT);
    expect(rows.every((row) => row.length === header!.length)).toBe(true);
    const first = Object.fromEntries(header!.map((key, index) => [key, rows[0]![index]]));
    expect(first).toMatchObject({
      "CPF/CNPJ": "***.456.789-**",
      Nome: 'Cliente 1, "teste"',
      Categoria: "Em andamento",
    });
    expect(first["E-mail"]).toMatch(/^c\*+@e\*+\.com$/);
    expect(first["Criado em"]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  });

  it("exports unmasked only for an admin with a reason, audited with the row count", async () => {
    const db = await getDb();
    await expect(
      prepareDocumentExport(
        { actor: actor("staff") },
        { filters: {}, options: { unmasked: true, reason: "auditoria" } },
      ),
    ).rejects.toThrow(/unmasked/);
    await expect(
      prepareDocumentExport({ actor: actor("admin") }, { filters: {}, options: { unmasked: true } }),
    ).rejects.toThrow(/Invalid/);
    expect(await db.auditLog.count({ where: { action: "document.export", reason: { not: null } } })).toBe(0);
    const file = await prepareDocumentExport(
      { actor: actor("admin") },
      { filters: {}, options: { unmasked: true, reason: "pedido do jurídico" } },
    );
    const [, ...rows] = await read(file.stream);
    expect(rows[0]![2]).toBe("123.456.789-09");
    const [entry] = await db.auditLog.findMany({ where: { action: "document.export", reason: { not: null } } });
    expect(entry).toMatchObject({
      actorLabel: "teste-admin",
      reason: "pedido do jurídico",
      details: expect.objectContaining({ rows: COUNT, clear: true }),
    });
  });
});
