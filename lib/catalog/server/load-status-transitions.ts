import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { getDb } from "../../db/client.ts";
import { notFound } from "../../errors/app-error.ts";
import { loadAllStatuses } from "./load-all-statuses.ts";

/**
 * The original SDK's status.loadTransition: the statuses a document of the given products may be in, each with the
 * statuses it may move to (`allowed_status_ids`, empty = anywhere). Statuses are the instance's, shared by every
 * product, so the products only have to exist in the actor's instance
 * (docs/decisions/0044-clients-of-the-original-service.md).
 */
export async function loadStatusTransitions(ctx: UseCaseContext, input: { products?: number[] }) {
  const { actor } = ctx;
  const asked = [...new Set(input.products ?? [])];
  if (asked.length > 0) {
    const db = await getDb();
    const found = await db.product.count({ where: { instanceId: actor.instanceId, id: { in: asked } } });
    if (found !== asked.length) throw notFound("Product not found", { code: "product_not_found" });
  }
  return loadAllStatuses(ctx);
}
