// The LGPD API's access request (POST /api/lgpd/<instance>/access): records it (or finds the one pending for the CPF)
// and audits a new one. `tx`: the route's transaction, which claims the Idempotency-Key in the same commit.
import "server-only";
import { recordAudit } from "../../audit/server/record-audit.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { getDb } from "../../db/client.ts";
import type { Tx } from "../../db/transaction.ts";
import { log } from "../../log.ts";
import { recordAccessRequest } from "./access-request-rows.ts";

export async function requestAccess(ctx: UseCaseContext, input: { cpf: string }, tx?: Tx) {
  const instanceId = ctx.actor.instanceId;
  const db = tx ?? (await getDb());
  const { request, created } = await recordAccessRequest(db, instanceId, input.cpf, { source: "api" });
  if (created) {
    await recordAudit(db, ctx.actor, {
      action: "lgpd_access.request",
      entity: "lgpd_access",
      entityId: request.id,
      details: { source: "api" },
    });
  }
  log.info("lgpd.access_requested", {
    request_id: ctx.requestId,
    lgpd_access_id: request.id,
    instance_id: instanceId,
    created,
  });
  return { request, created };
}
