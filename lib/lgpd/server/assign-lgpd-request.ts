// Who in the team answers a request: the officer takes one from the inbox ("Atribuir a mim") or hands it to a
// colleague. Any active person of the instance who works on its records (staff or admin: not a viewer, who cannot act
// on them, nor an integration's account) may hold one. Each change is one audit row naming the request and both
// people — never the data subject, whose masked CPF the row does not need.
import "server-only";
import { recordAudit } from "../../audit/server/record-audit.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { inTransaction, type Tx } from "../../db/transaction.ts";
import { invalid, notFound } from "../../errors/app-error.ts";
import type { TLgpdAssignBody, TLgpdAssignment } from "../schemas.ts";

/** The person who may hold a request of this instance, or null. */
async function assignableUser(tx: Tx, instanceId: number, id: number) {
  return tx.user.findFirst({
    where: { id, instanceId, disabled: false, integration: false, role: { in: ["staff", "admin"] } },
    select: { id: true, name: true },
  });
}

/** Sets (or, with null, takes off) the request's assignee; the same assignee again changes and records nothing. */
export async function assignLgpdRequest(ctx: UseCaseContext, input: TLgpdAssignBody): Promise<TLgpdAssignment> {
  const { actor } = ctx;
  const { kind, id } = input;
  return inTransaction(async (tx) => {
    const locked =
      kind === "deletion"
        ? await tx.$queryRaw<{ assigneeId: number | null }[]>`
            SELECT "assigneeId" FROM "LgpdRequest" WHERE id = ${id} AND "instanceId" = ${actor.instanceId} FOR UPDATE`
        : await tx.$queryRaw<{ assigneeId: number | null }[]>`
            SELECT "assigneeId" FROM "LgpdAccessRequest" WHERE id = ${id} AND "instanceId" = ${actor.instanceId}
               FOR UPDATE`;
    if (locked.length === 0) throw notFound("LGPD request not found", { code: "lgpd_request_not_found" });
    const assignee = input.assignee_id === null ? null : await assignableUser(tx, actor.instanceId, input.assignee_id);
    if (input.assignee_id !== null && !assignee) {
      throw invalid(
        "The assignee must be an active staff member of this instance",
        [{ path: "assignee_id", message: "Not an active staff member of this instance" }],
        { code: "lgpd_assignee_invalid" },
      );
    }
    const previous = locked[0]!.assigneeId;
    const answer = { kind, id, assignee };
    if (previous === (assignee?.id ?? null)) return answer;
    const data = { assigneeId: assignee?.id ?? null };
    if (kind === "deletion") await tx.lgpdRequest.update({ where: { id }, data });
    else await tx.lgpdAccessRequest.update({ where: { id }, data });
    const details = {
      assignee_id: assignee?.id ?? null,
      assignee_name: assignee?.name ?? null,
      previous_assignee_id: previous,
    };
    // One literal per action, so the check that every action has a sentence (tests/) finds them.
    if (kind === "deletion") {
      await recordAudit(tx, actor, {
        action: assignee ? "lgpd_request.assign" : "lgpd_request.unassign",
        entity: "lgpd_request",
        entityId: id,
        details,
      });
    } else {
      await recordAudit(tx, actor, {
        action: assignee ? "lgpd_access.assign" : "lgpd_access.unassign",
        entity: "lgpd_access",
        entityId: id,
        details,
      });
    }
    return answer;
  });
}
