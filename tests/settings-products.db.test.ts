// The product use-cases (lib/settings/server/*-product.ts, *-column.ts, *-step.ts) called as (ctx, input) on a real
// database (PGlite, or PostgreSQL with TEST_DATABASE_URL), without Next: what they write, what they audit, what they
// refuse, and that another instance's rows are simply unknown.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemActor } from "@/lib/auth/actor.ts";
import type { UseCaseContext } from "@/lib/auth/use-case-context.ts";
import { closeDb, getDb, type Db } from "@/lib/db/client.ts";
import { createInstanceWithCatalog, type SeededCatalog } from "@/lib/seed/server/catalog.ts";
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
import { refusal } from "./helpers/refusal.ts";
import { createMigratedDatabase } from "./helpers/test-database.ts";

let database: Awaited<ReturnType<typeof createMigratedDatabase>>;
let db: Db;
let acme: SeededCatalog;
let other: SeededCatalog;
let ctx: UseCaseContext;
let otherCtx: UseCaseContext;

beforeAll(async () => {
  database = await createMigratedDatabase();
  db = await getDb();
  acme = await createInstanceWithCatalog(db, "acme-products");
  other = await createInstanceWithCatalog(db, "other-products");
  ctx = { actor: systemActor("cli", acme.instanceId), requestId: "req-products" };
  otherCtx = { actor: systemActor("cli", other.instanceId) };
});
afterAll(async () => {
  await closeDb();
  await database?.cleanup();
});

describe("product use-cases", () => {
  it("create, change and read a product with its columns and steps, each change audited", async () => {
    const product = await createProduct(ctx, { name: "Seguro Vida", sla: 48 });
    expect(product).toMatchObject({ name: "Seguro Vida", sla: 48, active: true, steps: [], columns: [] });
    const column = await createColumn(ctx, {
      productId: product.id,
      column: { key: "apolice", label: "Apólice", type: "string" },
    });
    expect(column).toMatchObject({ key: "apolice", label: "Apólice", type: "string", order: 1 });
    const step = await createStep(ctx, { productId: product.id, step: { name: "Análise" } });
    expect(step).toMatchObject({ name: "Análise", order: 1 });
    await updateProduct(ctx, { id: product.id, changes: { active: false } });
    await updateColumn(ctx, { productId: product.id, id: column.id, changes: { label: "Nº da apólice" } });
    await updateStep(ctx, { productId: product.id, id: step.id, changes: { order: 5 } });

    const read = await getProduct(ctx, { id: product.id });
    expect(read).toMatchObject({
      active: false,
      document_count: 0,
      columns: [{ key: "apolice", label: "Nº da apólice" }],
      steps: [{ name: "Análise", order: 5 }],
    });
    expect((await listProducts(ctx)).map((item) => item.id)).toContain(product.id);
    expect((await listProducts(otherCtx)).map((item) => item.id)).not.toContain(product.id);

    const actions = await db.auditLog.findMany({
      where: { instanceId: acme.instanceId, entity: { in: ["product", "product_column", "product_step"] } },
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

    await deleteColumn(ctx, { productId: product.id, id: column.id });
    await deleteStep(ctx, { productId: product.id, id: step.id });
    expect(await deleteProduct(ctx, { id: product.id })).toEqual({ deleted: true, id: product.id });
    expect(await db.product.count({ where: { id: product.id } })).toBe(0);
  });

  it("refuse a duplicate column key, a product in use, and another instance's product", async () => {
    const product = await createProduct(ctx, { name: "Consórcio" });
    await createColumn(ctx, { productId: product.id, column: { key: "cota", label: "Cota", type: "number" } });
    const duplicate = await refusal(
      createColumn(ctx, { productId: product.id, column: { key: "cota", label: "Outra", type: "string" } }),
    );
    expect(duplicate).toMatchObject({ kind: "conflict", code: "column_exists" });

    // The seeded product has documents once one is created for it.
    await db.document.create({
      data: {
        instanceId: acme.instanceId,
        protocol: "T-products-1",
        statusId: acme.statusIds["Novo"],
        productId: acme.productId,
        cpf: "12345678909",
        cpfDigits: "12345678909",
        slaStart: new Date(),
        dateTime: new Date(),
      },
    });
    const inUse = await refusal(deleteProduct(ctx, { id: acme.productId }));
    expect(inUse).toMatchObject({ kind: "conflict", code: "product_in_use", params: { count: 1 } });
    expect(await db.product.count({ where: { id: acme.productId } })).toBe(1);

    // Another instance's product is unknown, whatever the use-case, and stays as it was.
    for (const attempt of [
      () => getProduct(otherCtx, { id: product.id }),
      () => updateProduct(otherCtx, { id: product.id, changes: { name: "Tomado" } }),
      () => deleteProduct(otherCtx, { id: product.id }),
      () => createStep(otherCtx, { productId: product.id, step: { name: "Intrusa" } }),
    ]) {
      expect(await refusal(attempt())).toMatchObject({ kind: "not_found", message: "Product not found" });
    }
    expect(await getProduct(ctx, { id: product.id })).toMatchObject({ name: "Consórcio", steps: [] });
  });
});
