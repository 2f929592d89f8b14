import "server-only";
import { hashSecret } from "../../auth/server/secrets.ts";
import { SESSION_ABSOLUTE_SECONDS, SESSION_IDLE_SECONDS } from "../../auth/session-policy.ts";
import type { Tx } from "../../db/transaction.ts";
import { forbidden } from "../../errors/app-error.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { describeDevice } from "../device.ts";

/**
 * The sessions of a user that still let someone in: not signed out or revoked, not past the absolute lifetime, used
 * within the idle time (the cookie is gone otherwise), and not older than the user's last "end everything".
 */
export async function liveSessionsOf(tx: Tx, user: { id: number; sessionsValidFrom: Date }, now: Date) {
  const rows = await tx.staffSession.findMany({
    where: {
      userId: user.id,
      revokedAt: null,
      createdAt: { gt: new Date(now.getTime() - SESSION_ABSOLUTE_SECONDS * 1000) },
    },
    orderBy: { createdAt: "desc" },
  });
  const idleSince = now.getTime() - SESSION_IDLE_SECONDS * 1000;
  // session-actor.ts allows a second of slack between the sign-in and sessionsValidFrom; so does this list.
  const validFrom = user.sessionsValidFrom.getTime() - 1000;
  return rows.filter(
    (row) => (row.lastSeenAt ?? row.createdAt).getTime() > idleSince && row.createdAt.getTime() >= validFrom,
  );
}

type SessionRow = Awaited<ReturnType<typeof liveSessionsOf>>[number];

/** A session as lists show it: its id is the stored hash (the cookie's secret stays in the cookie). */
export function serializeSession(row: SessionRow, currentSessionId: string | null) {
  return {
    id: row.idHash,
    created_at: row.createdAt.toISOString(),
    last_seen_at: row.lastSeenAt?.toISOString() ?? null,
    device: describeDevice(row.userAgent),
    current: currentSessionId !== null && row.idHash === hashSecret(currentSessionId),
  };
}

/** "Minha conta" belongs to a person signed in (or a sign-in token of theirs); integration tokens have none. */
export function ownUserId(ctx: UseCaseContext): number {
  if (ctx.actor.type === "system" || ctx.actor.userId === null) {
    throw forbidden("Only a signed-in person has an account", { code: "no_account" });
  }
  return ctx.actor.userId;
}
