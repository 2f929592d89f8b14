// Legal holds (LGPD Art. 16 I): the officer marks a product or a status as kept by legal obligation, with its basis
// and period in years. The erasure keeps the matching documents (held-documents.ts, erase-tied-data.ts) and the
// receipt names the hold. Creating and removing a hold is audited.
import "server-only";
import { recordAudit } from "../../audit/server/record-audit.ts";
import type { Actor } from "../../auth/actor.ts";
import { getDb } from "../../db/client.ts";
import { invalid, notFound } from "../../errors/app-error.ts";
import type { z } from "zod";
import type { ZLegalHoldBody } from "../schemas.ts";

export async function listLegalHolds(instanceId: number) {
  const db = await getDb();
  const [holds, products, statuses] = await Promise.all([
    db.lgpdLegalHold.findMany({ where: { instanceId }, orderBy: { id: "asc" } }),
    db.product.findMany({ where: { instanceId }, select: { id: true, name: true } }),
    db.status.findMany({ where: { instanceId }, select: { id: true, name: true } }),
  ]);
  const names = (rows: { id: number; name: string }[]) => new Map(rows.map((row) => [row.id, row.name]));
  const productNames = names(products);
  const statusNames = names(statuses);
  return {
    items: holds.map((hold) => ({
      id: hold.id,
      product_id: hold.productId,
      status_id: hold.statusId,
      scope_name:
        (hold.productId !== null ? productNames.get(hold.productId) : statusNames.get(hold.statusId ?? -1)) ?? "—",
      basis: hold.basis,
      period_years: hold.periodYears,
      created_at: hold.createdAt.toISOString(),
    })),
  };
}

export async function createLegalHold(actor: Actor, body: z.infer<typeof ZLegalHoldBody>) {
  const db = await getDb();
  const productId = body.product_id ?? null;
  const statusId = body.status_id ?? null;
  const exists =
    productId !== null
      ? await db.product.count({ where: { id: productId, instanceId: actor.instanceId } })
      : await db.status.count({ where: { id: statusId!, instanceId: actor.instanceId } });
  if (!exists) {
    const path = productId !== null ? "product_id" : "status_id";
    throw invalid("Invalid parameters", [{ path, message: "Unknown id", code: "unknown_id" }]);
  }
  const hold = await db.$transaction(async (tx) => {
    const created = await tx.lgpdLegalHold.create({
      data: {
        instanceId: actor.instanceId,
        productId,
        statusId,
        basis: body.basis,
        periodYears: body.period_years,
        createdById: actor.userId,
      },
    });
    await recordAudit(tx, actor, {
      action: "lgpd_hold.create",
      entity: "lgpd_hold",
      entityId: created.id,
      details: { product_id: productId, status_id: statusId, basis: body.basis, period_years: body.period_years },
    });
    return created;
  });
  const list = await listLegalHolds(actor.instanceId);
  return list.items.find((item) => item.id === hold.id)!;
}

export async function deleteLegalHold(actor: Actor, id: number) {
  const db = await getDb();
  await db.$transaction(async (tx) => {
    const hold = await tx.lgpdLegalHold.findFirst({ where: { id, instanceId: actor.instanceId } });
    if (!hold) throw notFound("Legal hold not found", { code: "lgpd_hold_not_found" });
    await tx.lgpdLegalHold.delete({ where: { id } });
    await recordAudit(tx, actor, {
      action: "lgpd_hold.delete",
      entity: "lgpd_hold",
      entityId: id,
      details: { product_id: hold.productId, status_id: hold.statusId, basis: hold.basis },
    });
  });
  return listLegalHolds(actor.instanceId);
}

/** The products and statuses a hold may name (the page's form). */
export async function holdCatalog(instanceId: number) {
  const db = await getDb();
  const [products, statuses] = await Promise.all([
    db.product.findMany({ where: { instanceId }, select: { id: true, name: true }, orderBy: { name: "asc" } }),
    db.status.findMany({
      where: { instanceId },
      select: { id: true, name: true },
      orderBy: [{ order: "asc" }, { id: "asc" }],
    }),
  ]);
  return { products, statuses };
}
