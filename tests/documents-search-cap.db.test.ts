// Broad searches stop counting at SEARCH_COUNT_CAP: the list says "more than 10,000" instead of counting a million rows.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "@/lib/db/client.ts";
import { SEARCH_COUNT_CAP } from "@/lib/documents/server/document-filter-sql.ts";
import { searchDocuments } from "@/lib/documents/server/search-documents.ts";
import { ZSearchDocumentsBody } from "@/lib/documents/search-schema.ts";
import { systemActor } from "@/lib/auth/actor.ts";
import { createInstanceWithCatalog, type SeededCatalog } from "@/lib/seed/server/catalog.ts";
import { insertBulkDocuments } from "./helpers/bulk-documents.ts";
import { createMigratedDatabase } from "./helpers/test-database.ts";

let catalog: SeededCatalog;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  ({ cleanup } = await createMigratedDatabase());
  const db = await getDb();
  catalog = await createInstanceWithCatalog(db, "default");
  await insertBulkDocuments(db, {
    instanceId: catalog.instanceId,
    statusId: catalog.statusIds["Novo"],
    productId: catalog.productId,
    count: SEARCH_COUNT_CAP + 5,
  });
  await insertBulkDocuments(db, {
    instanceId: catalog.instanceId,
    statusId: catalog.statusIds["Concluído"],
    productId: catalog.productId,
    count: 7,
    prefix: "DONE",
  });
});
afterAll(async () => {
  await closeDb();
  await cleanup?.();
});

describe("documents search count cap", () => {
  it("answers total = the cap and total_capped past it, the exact count below it", async () => {
    const search = (filters: Record<string, unknown>) =>
      searchDocuments(
        { actor: systemActor("cli", catalog.instanceId) },
        { query: ZSearchDocumentsBody.parse({ filters }) },
      );
    const broad = await search({});
    expect(broad).toMatchObject({ total: SEARCH_COUNT_CAP, total_capped: true });
    expect(broad.items).toHaveLength(broad.page_size);
    expect(await search({ categories: ["final"] })).toMatchObject({ total: 7, total_capped: false });
  });
});
