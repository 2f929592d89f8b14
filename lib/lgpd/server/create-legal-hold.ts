// A legal hold (LGPD Art. 16 I) the officer adds: a product or a status kept by legal obligation, with its basis and
// period in years. Audited; answers the hold as listed.
import "server-only";
import { inTransaction } from "../../db/transaction.ts";
import { recordAudit } from "../../audit/server/record-audit.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { getDb } from "../../db/client.ts";
import { invalid } from "../../errors/app-error.ts";
import type { z } from "zod";
import type { ZLegalHoldBody } from "../schemas.ts";
import { listLegalHolds } from "./list-legal-holds.ts";

export async function createLegalHold(ctx: UseCaseContext, body: z.infer<typeof ZLegalHoldBody>) {
  const { actor } = ctx;
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
  const hold = await inTransaction(async (tx) => {
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
  const list = await listLegalHolds(ctx);
  return list.items.find((item) => item.id === hold.id)!;
}
