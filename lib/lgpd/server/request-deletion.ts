// The LGPD API's deletion request (POST /api/lgpd/<instance>/request): records it, or finds the one already pending
// for the CPF. `tx`: the route's transaction, which claims the Idempotency-Key in the same commit.
import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { getDb } from "../../db/client.ts";
import type { Tx } from "../../db/transaction.ts";
import { log } from "../../log.ts";
import { recordDeletionRequest } from "./deletion-request-rows.ts";

export async function requestDeletion(ctx: UseCaseContext, input: { cpf: string }, tx?: Tx) {
  const instanceId = ctx.actor.instanceId;
  const { request, created } = await recordDeletionRequest(tx ?? (await getDb()), instanceId, input.cpf, {
    source: "api",
  });
  log.info("lgpd.requested", {
    request_id: ctx.requestId,
    lgpd_request_id: request.id,
    instance_id: instanceId,
    created,
  });
  return { request, created };
}
