// A deletion requested by staff on the data-subject page: the same request (and queue) as the API's, source "admin";
// a new one is audited with how and when it arrived and whether it waits for review.
import "server-only";
import { inTransaction } from "../../db/transaction.ts";
import { recordAudit } from "../../audit/server/record-audit.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import type { TSubjectRequestBody } from "../schemas.ts";
import { recordDeletionRequest } from "./deletion-request-rows.ts";
import { serializeLgpdRequest } from "./lgpd-request-rows.ts";
import { handEntry, subjectCpfDigits } from "./subject-rows.ts";

export async function requestDeletionByStaff(ctx: UseCaseContext, input: TSubjectRequestBody) {
  const { actor } = ctx;
  const digits = subjectCpfDigits(input.cpf);
  const hand = handEntry(input);
  return inTransaction(async (tx) => {
    const { request, created } = await recordDeletionRequest(tx, actor.instanceId, digits, {
      source: "admin",
      requestedById: actor.userId,
      ...hand,
    });
    if (created) {
      await recordAudit(tx, actor, {
        action: "lgpd_request.create",
        entity: "lgpd_request",
        entityId: request.id,
        details: {
          source: "admin",
          channel: hand.channel,
          received_at: hand.receivedAt?.toISOString() ?? null,
          review: request.review,
        },
      });
    }
    return { created, request: serializeLgpdRequest(request) };
  });
}
