// The LGPD API's access status (GET /api/lgpd/<instance>/access/<cpf>): the latest access request for the CPF with,
// while its package is available, a signed download link on `origin`; null when the CPF has none in the instance.
import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { getDb } from "../../db/client.ts";
import { accessStatusAnswer } from "./access-request-rows.ts";
import { lgpdCpfHash } from "./cpf-hash.ts";
import { cpfDigitsOf } from "./pending-request-rows.ts";

export async function describeAccessRequest(
  ctx: UseCaseContext,
  input: { cpf: string; instanceSlug: string; origin: string },
) {
  const db = await getDb();
  const latest = await db.lgpdAccessRequest.findFirst({
    where: { instanceId: ctx.actor.instanceId, cpfHash: lgpdCpfHash(cpfDigitsOf(input.cpf)) },
    orderBy: [{ requestedAt: "desc" }, { id: "desc" }],
  });
  return latest ? accessStatusAnswer(latest, input.instanceSlug, input.origin) : null;
}
