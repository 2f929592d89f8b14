// The LGPD API's status read (GET /api/lgpd/<instance>/status/<cpf>): the latest deletion request for the CPF,
// whatever its status, as the answer's `status` and `details`; null when the CPF has none in the instance.
import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { getDb } from "../../db/client.ts";
import { lgpdCpfHash } from "./cpf-hash.ts";
import { requestDetails } from "./deletion-request-rows.ts";
import { cpfDigitsOf } from "./pending-request-rows.ts";

export async function describeDeletionRequest(ctx: UseCaseContext, input: { cpf: string }) {
  const db = await getDb();
  const latest = await db.lgpdRequest.findFirst({
    where: { instanceId: ctx.actor.instanceId, cpfHash: lgpdCpfHash(cpfDigitsOf(input.cpf)) },
    orderBy: [{ requestedAt: "desc" }, { id: "desc" }],
  });
  if (!latest) return null;
  return { message: "Request found" as const, status: latest.status, details: requestDetails(latest) };
}
