// The audit page's list of actors (admins): every label that acted in the instance, with its kind and the name a
// person reads (a user's name, "Sistema (CLI)"). Read as a skip scan of the (instanceId, actorLabel, …) index — one
// index probe per distinct actor — so it costs the same over a thousand rows or millions.
import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { rawQuery } from "../../db/raw-query.ts";
import { getDb } from "../../db/client.ts";
import { auditActorDisplay } from "../audit-view.ts";
import type { TAuditActor } from "../schemas.ts";

/** More distinct actors than this are not listed (the list is a select, not a directory). */
const ACTORS_LIMIT = 500;

const ACTOR_LABELS_SQL = `WITH RECURSIVE labels(label) AS (
    (SELECT "actorLabel" FROM "AuditLog" WHERE "instanceId" = $1::int ORDER BY "actorLabel" LIMIT 1)
    UNION ALL
    SELECT (SELECT a."actorLabel" FROM "AuditLog" a
            WHERE a."instanceId" = $1::int AND a."actorLabel" > labels.label ORDER BY a."actorLabel" LIMIT 1)
    FROM labels WHERE labels.label IS NOT NULL
  )
  SELECT l.label,
    (SELECT a."actorType" FROM "AuditLog" a WHERE a."instanceId" = $1::int AND a."actorLabel" = l.label LIMIT 1) AS type
  FROM labels l WHERE l.label IS NOT NULL LIMIT $2::int`;

export async function listAuditActors(ctx: UseCaseContext): Promise<TAuditActor[]> {
  const instanceId = ctx.actor.instanceId;
  const { rows } = await rawQuery<{ label: string; type: string }>(ACTOR_LABELS_SQL, [instanceId, ACTORS_LIMIT]);
  const db = await getDb();
  const users = await db.user.findMany({
    where: { instanceId, email: { in: rows.filter((row) => row.type === "user").map((row) => row.label) } },
    select: { email: true, name: true },
  });
  const names = new Map(users.map((user) => [user.email, user.name]));
  return rows
    .map((row) => ({
      label: row.label,
      type: row.type,
      name:
        row.type === "user" && names.has(row.label)
          ? `${names.get(row.label)} (${row.label})`
          : auditActorDisplay(row.type, row.label),
    }))
    .sort((a, b) => a.name.localeCompare(b.name, "pt-BR"));
}
