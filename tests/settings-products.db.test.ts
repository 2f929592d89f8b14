// The product use-cases (lib/settings/server/*-product.ts, *-column.ts, *-step.ts) called as (ctx, input) on a real
// database (PGlite, or PostgreSQL with TEST_DATABASE_URL), without Next: what they write, what they audit, what they
// refuse, and that another instance's rows are simply unknown.
import { describe, expect, it } from "vitest";
import { createInstanceWithCatalog } from "@/lib/seed/server/catalog.ts";
import { createColumn } from "@/lib/settings/server/create-column.ts";
import { createProduct } from "@/lib/settings/server/create-product.ts";
import { createStep } from "@/lib/settings/server/create-step.ts";
import { deleteColumn } from "@/lib/settings/server/delete-column.ts";
import { deleteProduct } from "@/lib/settings/server/delete-product.ts";
import { deleteStep } from "@/lib/settings/server/delete-step.ts";
import { getProduct } from "@/lib/settings/server/get-product.ts";
import { listProducts } from "@/lib/settings/server/list-products.ts";
import { updateColumn } from "@/lib/settings/server/update-column.ts";
import { updateProduct } from "@/lib/settings/server/update-product.ts";
import { updateStep } from "@/lib/settings/server/update-step.ts";
import { refusal, twoInstanceSuite } from "./helpers/use-case-suite.ts";

const uc = twoInstanceSuite(
  createInstanceWithCatalog,
  { acme: "acme-products", other: "other-products" },
  "req-products",
);

describe("product use-cases", () => {
  it("create, change and read a product with its columns and steps, each change audited", async () => {
    const product = await createProduct(uc.ctx, { name: "Seguro Vida", sla: 48 });
    expect(product).toMatchObject({ name: "Seguro Vida", sla: 48, active: true, steps: [], columns: [] });
    const column = await createColumn(uc.ctx, {
      productId: product.id,
      column: { key: "apolice", label: "Apólice", type: "string" },
    });
    expect(column).toMatchObject({ key: "apolice", label: "Apólice", type: "string", order: 1 });
    const step = await createStep(uc.ctx, { productId: product.id, step: { name: "Análise" } });
    expect(step).toMatchObject({ name: "Análise", order: 1 });
    await updateProduct(uc.ctx, { id: product.id, changes: { active: false } });
    await updateColumn(uc.ctx, { productId: product.id, id: column.id, changes: { label: "Nº da apólice" } });
    await updateStep(uc.ctx, { productId: product.id, id: step.id, changes: { order: 5 } });

    const read = await getProduct(uc.ctx, { id: product.id });
    expect(read).toMatchObject({
      active: false,
      document_count: 0,
      columns: [{ key: "apolice", label: "Nº da apólice" }],
      steps: [{ name: "Análise", order: 5 }],
    });
    expect((await listProducts(uc.ctx)).map((item) => item.id)).toContain(product.id);
    expect((await listProducts(uc.otherCtx)).map((item) => item.id)).not.toContain(product.id);

    const actions = await uc.db.auditLog.findMany({
      where: { instanceId: uc.acme.instanceId, entity: { in: ["product", "product_column", "product_step"] } },
      orderBy: { id: "asc" },
      select: { action: true, actorLabel: true },
    });
    expect(actions.map((row) => row.action)).toEqual([
      "product.create",
      "product_column.create",
      "product_step.create",
      "product.update",
      "product_column.update",
      "product_step.update",
    ]);
    expect(actions.every((row) => row.actorLabel === "cli")).toBe(true);

    await deleteColumn(uc.ctx, { productId: product.id, id: column.id });
    await deleteStep(uc.ctx, { productId: product.id, id: step.id });
    expect(await deleteProduct(uc.ctx, { id: product.id })).toEqual({ deleted: true, id: product.id });
    expect(await uc.db.product.count({ where: { id: product.id } })).toBe(0);
  });

  it("refuse a duplicate column key, a product in use, and another instance's product", async () => {
    const product = await createProduct(uc.ctx, { name: "Consórcio" });
    await createColumn(uc.ctx, { productId: product.id, column: { key: "cota", label: "Cota", type: "number" } });
    const duplicate = await refusal(
      createColumn(uc.ctx, { productId: product.id, column: { key: "cota", label: "Outra", type: "string" } }),
    );
    expect(duplicate).toMatchObject({ kind: "conflict", code: "column_exists" });

    // The seeded product has documents once one is created for it.
    await uc.db.document.create({
      data: {
        instanceId: uc.acme.instanceId,
        protocol: "T-products-1",
        statusId: uc.acme.statusIds["Novo"],
        productId: uc.acme.productId,
        cpf: "12345678909",
        cpfDigits: "12345678909",
        slaStart: new Date(),
        dateTime: new Date(),
      },
    });
    const inUse = await refusal(deleteProduct(uc.ctx, { id: uc.acme.productId }));
    expect(inUse).toMatchObject({ kind: "conflict", code: "product_in_use", params: { count: 1 } });
    expect(await uc.db.product.count({ where: { id: uc.acme.productId } })).toBe(1);

    // Another instance's product is unknown, whatever the use-case, and stays as it was.
    for (const attempt of [
      () => getProduct(uc.otherCtx, { id: product.id }),
      () => updateProduct(uc.otherCtx, { id: product.id, changes: { name: "Tomado" } }),
      () => deleteProduct(uc.otherCtx, { id: product.id }),
      () => createStep(uc.otherCtx, { productId: product.id, step: { name: "Intrusa" } }),
    ]) {
      expect(await refusal(attempt())).toMatchObject({ kind: "not_found", message: "Product not found" });
    }
    expect(await getProduct(uc.ctx, { id: product.id })).toMatchObject({ name: "Consórcio", steps: [] });
  });
});
