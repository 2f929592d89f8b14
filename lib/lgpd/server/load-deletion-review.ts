// Reviewed deletions: an instance setting (Instance.lgpdDeletionReview) makes new deletion requests wait for the
// privacy officer (review "awaiting"; the worker does not claim them, deletion-queue.ts). The officer approves — the
// erasure then runs as any other request — or denies with a reason: the request ends "error" with that reason, which
// the status API reports (docs/decisions/0047-lgpd-review-and-legal-holds.md). Every change is audited.
// This one: whether reviews and four eyes are on, the requests waiting (and which of them the caller entered, which
// four eyes keeps them from approving), and the documents that came back after an erasure.
import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { getDb } from "../../db/client.ts";
import { serializeLgpdRequest } from "./lgpd-request-rows.ts";
import { returnedDocumentsInInstance } from "./returning-identifiers.ts";

export async function loadDeletionReview(ctx: UseCaseContext) {
  const { instanceId } = ctx.actor;
  const db = await getDb();
  const [instance, awaiting, returned] = await Promise.all([
    db.instance.findUniqueOrThrow({
      where: { id: instanceId },
      select: { lgpdDeletionReview: true, lgpdFourEyes: true },
    }),
    db.lgpdRequest.findMany({
      where: { instanceId, status: "pending", review: "awaiting" },
      orderBy: [{ requestedAt: "asc" }, { id: "asc" }],
      take: 200,
    }),
    returnedDocumentsInInstance(instanceId),
  ]);
  return {
    enabled: instance.lgpdDeletionReview,
    four_eyes: instance.lgpdFourEyes,
    awaiting: awaiting.map(serializeLgpdRequest),
    entered_by_you:
      ctx.actor.userId === null
        ? []
        : awaiting.filter((row) => row.requestedById === ctx.actor.userId).map((row) => row.id),
    returned_documents: returned,
  };
}
