// The status workflow on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): the seeded catalog's final
// statuses stop documents, and a status in use is deleted by moving its documents elsewhere in the same transaction,
// each move in the document's history, the whole of it undone when any part fails.
import { describe, expect, it } from "vitest";
import { createDocument } from "@/lib/documents/server/create-document.ts";
import { updateDocument } from "@/lib/documents/server/update-document.ts";
import { createInstanceWithCatalog } from "@/lib/seed/server/catalog.ts";
import { createStatus } from "@/lib/settings/server/create-status.ts";
import { deleteStatus } from "@/lib/settings/server/delete-status.ts";
import { listStatuses } from "@/lib/settings/server/list-statuses.ts";
import { refusal, twoInstanceSuite } from "./helpers/use-case-suite.ts";

const uc = twoInstanceSuite(createInstanceWithCatalog, { acme: "acme-statuses", other: "other-statuses" }, "req-st");

async function documentIn(statusId: number, cpf = "111.444.777-35") {
  return createDocument(uc.ctx, { status_id: statusId, product_id: uc.acme.productId, cpf });
}

describe("seeded final statuses", () => {
  it("Concluído and Cancelado are final: nothing moves out of them unless an exception is listed", async () => {
    const statuses = await listStatuses(uc.ctx);
    const byName = new Map(statuses.map((status) => [status.name, status]));
    expect(byName.get("Concluído")).toMatchObject({ final: true, allowed_status_ids: [] });
    expect(byName.get("Cancelado")).toMatchObject({ final: true, allowed_status_ids: [] });
    expect(byName.get("Novo")).toMatchObject({ final: false });

    const created = await documentIn(uc.acme.statusIds["Novo"]);
    await updateDocument(uc.ctx, { id: created.id, status_id: uc.acme.statusIds["Cancelado"] });
    const refused = await refusal(updateDocument(uc.ctx, { id: created.id, status_id: uc.acme.statusIds["Novo"] }));
    expect(refused.code).toBe("status_final");
  });
});

describe("deleting a status in use", () => {
  it("is refused without a destination, as before", async () => {
    const status = await createStatus(uc.ctx, { name: "Em revisão A", category_id: uc.acme.categoryIds["valid"]! });
    await documentIn(status.id);
    const refused = await refusal(deleteStatus(uc.ctx, { id: status.id }));
    expect(refused.code).toBe("status_in_use");
    expect(refused.params).toMatchObject({ count: 1 });
  });

  it("moves its documents to the chosen status and deletes it in one transaction, with history and audit", async () => {
    const status = await createStatus(uc.ctx, { name: "Em revisão B", category_id: uc.acme.categoryIds["valid"]! });
    const target = uc.acme.statusIds["Em análise"];
    const documents = [await documentIn(status.id), await documentIn(status.id, "529.982.247-25")];
    const answer = await deleteStatus(uc.ctx, { id: status.id, moveTo: target });
    expect(answer).toEqual({ deleted: true, id: status.id });
    expect(await uc.db.status.findUnique({ where: { id: status.id } })).toBeNull();
    for (const document of documents) {
      const row = await uc.db.document.findUniqueOrThrow({ where: { id: document.id } });
      expect(row.statusId).toBe(target);
      const history = await uc.db.documentHistory.findMany({
        where: { documentId: document.id },
        orderBy: { id: "asc" },
      });
      const last = history.at(-1)!;
      expect(last.requestId).toBe("req-st");
      expect(last.changes).toEqual(expect.arrayContaining([{ field: "status_id", before: status.id, after: target }]));
    }
    const audit = await uc.db.auditLog.findFirstOrThrow({
      where: { instanceId: uc.acme.instanceId, action: "status.delete", entityId: String(status.id) },
    });
    expect(audit.details).toMatchObject({ moved_documents: 2, moved_to_status_id: target });
  });

  it("moves documents even out of a final status (the admin's explicit choice), finishing dates follow the target", async () => {
    const status = await createStatus(uc.ctx, {
      name: "Arquivado C",
      category_id: uc.acme.categoryIds["final"]!,
      final: true,
    });
    const document = await documentIn(status.id);
    const target = uc.acme.statusIds["Em análise"];
    await deleteStatus(uc.ctx, { id: status.id, moveTo: target });
    const row = await uc.db.document.findUniqueOrThrow({ where: { id: document.id } });
    expect(row).toMatchObject({ statusId: target, dateFinished: null });
  });

  it("undoes the moves when the delete is refused after them (the only transition of another status)", async () => {
    const status = await createStatus(uc.ctx, { name: "Em revisão E", category_id: uc.acme.categoryIds["valid"]! });
    await createStatus(uc.ctx, {
      name: "Só vai para E",
      category_id: uc.acme.categoryIds["valid"]!,
      allowed_status_ids: [status.id],
    });
    const document = await documentIn(status.id);
    const historyBefore = await uc.db.documentHistory.count({ where: { documentId: document.id } });
    const refused = await refusal(deleteStatus(uc.ctx, { id: status.id, moveTo: uc.acme.statusIds["Novo"] }));
    expect(refused.code).toBe("only_transition");
    expect((await uc.db.document.findUniqueOrThrow({ where: { id: document.id } })).statusId).toBe(status.id);
    expect(await uc.db.documentHistory.count({ where: { documentId: document.id } })).toBe(historyBefore);
    expect(await uc.db.status.findUnique({ where: { id: status.id } })).not.toBeNull();
  });

  it("refuses a destination that is the status itself or another instance's, and changes nothing", async () => {
    const status = await createStatus(uc.ctx, { name: "Em revisão D", category_id: uc.acme.categoryIds["valid"]! });
    const document = await documentIn(status.id);
    const itself = await refusal(deleteStatus(uc.ctx, { id: status.id, moveTo: status.id }));
    expect(itself.kind).toBe("invalid");
    const foreign = await refusal(deleteStatus(uc.ctx, { id: status.id, moveTo: uc.other.statusIds["Novo"] }));
    expect(foreign.kind).toBe("not_found");
    expect((await uc.db.document.findUniqueOrThrow({ where: { id: document.id } })).statusId).toBe(status.id);
    expect(await uc.db.status.findUnique({ where: { id: status.id } })).not.toBeNull();
  });
});
