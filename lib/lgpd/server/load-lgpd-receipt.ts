import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { getDb } from "../../db/client.ts";
import { notFound } from "../../errors/app-error.ts";
import { deletedCounts } from "../details.ts";
import { ZLgpdReceipt } from "../schemas.ts";
import type { LgpdReview } from "./lgpd-request-rows.ts";

/**
 * The receipt of one request, built only from its row, so it outlives the erasure of the data it describes; a request
 * not in the actor's instance is "Request not found".
 */
export async function loadLgpdReceipt(ctx: UseCaseContext, { id }: { id: number }) {
  const { instanceId } = ctx.actor;
  const db = await getDb();
  const row = await db.lgpdRequest.findFirst({
    where: { id, instanceId },
    include: { instance: { select: { slug: true, name: true } } },
  });
  if (!row) throw notFound("Request not found");
  return {
    receipt: "lgpd-deletion" as const,
    request_id: row.id,
    instance: row.instance.slug,
    instance_name: row.instance.name,
    cpf_masked: row.cpfMasked,
    status: row.status,
    source: row.source,
    requested_at: row.requestedAt.toISOString(),
    processed_at: row.processedAt?.toISOString() ?? null,
    attempts: row.attempts,
    deleted: deletedCounts(row.details),
    details: row.details ?? null,
    last_error: row.lastError,
    kept: keptOf(row.details),
    review: (row.review as LgpdReview | null) ?? null,
    review_reason: row.reviewReason,
    generated_at: new Date().toISOString(),
  };
}

/** details.kept as the receipt states it (null when no hold kept anything, or in a shape it cannot read). */
function keptOf(details: unknown) {
  const kept = (details as { kept?: unknown } | null)?.kept;
  const parsed = ZLgpdReceipt.shape.kept.safeParse(kept ?? null);
  return parsed.success ? parsed.data : null;
}
