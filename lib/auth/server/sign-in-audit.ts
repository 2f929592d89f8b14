import "server-only";
import { systemActor } from "../actor.ts";
import { recordAudit } from "../../audit/server/record-audit.ts";
import type { Db } from "../../db/client.ts";

/**
 * A sign-in event in the account's instance trail. The actor is the sign-in itself (a system actor labelled with the
 * e-mail tried): until the password is checked nobody is signed in, and a failure must not read as the person acting.
 */
export async function auditSignIn(
  db: Pick<Db, "auditLog">,
  user: { id: number; email: string; instanceId: number },
  action: "user.sign_in" | "user.sign_in_failed" | "user.sign_in_locked",
  details: Record<string, string>,
): Promise<void> {
  await recordAudit(db, systemActor("sign_in", user.instanceId, user.email), {
    action,
    entity: "user",
    entityId: user.id,
    details: { email: user.email, ...details },
  });
}
