// An access package requested by staff on the data-subject page (a request received by e-mail or letter): one
// pending per CPF, as the API's, source "admin"; a new one is audited with how and when it arrived.
import "server-only";
import { inTransaction } from "../../db/transaction.ts";
import { recordAudit } from "../../audit/server/record-audit.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import type { TSubjectRequestBody } from "../schemas.ts";
import { recordAccessRequest } from "./access-request-rows.ts";
import { handEntry, serializeAccessRequest, subjectCpfDigits } from "./subject-rows.ts";

export async function requestAccessByStaff(ctx: UseCaseContext, input: TSubjectRequestBody) {
  const { actor } = ctx;
  const digits = subjectCpfDigits(input.cpf);
  const hand = handEntry(input);
  return inTransaction(async (tx) => {
    const { request, created } = await recordAccessRequest(tx, actor.instanceId, digits, {
      source: "admin",
      requestedById: actor.userId,
      ...hand,
    });
    if (created) {
      await recordAudit(tx, actor, {
        action: "lgpd_access.request",
        entity: "lgpd_access",
        entityId: request.id,
        details: { source: "admin", channel: hand.channel, received_at: hand.receivedAt?.toISOString() ?? null },
      });
    }
    return { created, request: serializeAccessRequest(request) };
  });
}
