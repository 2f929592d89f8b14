import "server-only";
import { systemActor } from "../actor.ts";
import { recordAudit } from "../../audit/server/record-audit.ts";
import type { Db } from "../../db/client.ts";

/**
 * The sign-in's events in the trail. Each needs a label and a sentence in messages/<locale>/audit.json (the test that
 * checks it reads the `action:` lines below), so a new kind of event (a single sign-on's provisioning, say) is one
 * more line here and one more entry there.
 */
export const SIGN_IN_EVENTS = [
  { action: "user.sign_in" }, // a session began (details.second_factor says how the factor was met, if asked)
  { action: "user.sign_in_failed" }, // details.reason: wrong_password, disabled, integration_web, wrong_code, …
  { action: "user.sign_in_locked" }, // the e-mail's counter reached its limit: further tries wait
] as const;
export type SignInAuditAction = (typeof SIGN_IN_EVENTS)[number]["action"];

/**
 * A sign-in event in the account's instance trail. The actor is the sign-in itself (a system actor labelled with the
 * e-mail tried): until the password is checked nobody is signed in, and a failure must not read as the person acting.
 */
export async function auditSignIn(
  db: Pick<Db, "auditLog">,
  user: { id: number; email: string; instanceId: number },
  action: SignInAuditAction,
  details: Record<string, string | number>,
): Promise<void> {
  await recordAudit(db, systemActor("sign_in", user.instanceId, user.email), {
    action,
    entity: "user",
    entityId: user.id,
    details: { email: user.email, ...details },
  });
}
