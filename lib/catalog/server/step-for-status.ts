import "server-only";
// Which of a product's steps a status stands for: the product's own map (ProductStatusStep, set in
// Settings → Products → Etapas) first; else the status's single step when it belongs to this product; else none.
// Statuses are shared by every product while steps are each product's own, so Status.stepId alone pointed two of three
// products at another product's step (the document page showed it; the tracking page showed no current step).
import type { Db } from "../../db/client.ts";

export async function stepIdForStatus(
  db: Pick<Db, "productStatusStep">,
  input: { productId: number; statusId: number; statusStepId: number | null; productStepIds: number[] },
): Promise<number | null> {
  const mapped = await db.productStatusStep.findUnique({
    where: { productId_statusId: { productId: input.productId, statusId: input.statusId } },
    select: { stepId: true },
  });
  if (mapped) return mapped.stepId;
  return input.statusStepId !== null && input.productStepIds.includes(input.statusStepId) ? input.statusStepId : null;
}
