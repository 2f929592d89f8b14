import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { getDb, type Db } from "../../db/client.ts";
import { assertDocumentInInstance } from "./access.ts";
import type { FieldChange } from "./history.ts";
import type { PersonalField } from "../mask.ts";
import { maskFieldValue } from "../policy-mask.ts";
import { maskedFieldsFor } from "./masking-policy.ts";
import { revealedRead } from "./revealed-read.ts";

export type HistoryEntry = {
  id: number;
  action: string;
  actor_type: string;
  actor_label: string;
  /** Who acted, as a person reads it: the user's name, the token's name (a sign-in token: its user's); null for a
   * system, or a user without a name (the label, their e-mail, is then all there is). */
  actor_name: string | null;
  changes: FieldChange[];
  created_at: string;
};

/**
 * A document's history, newest first. Personal values (cpf, name, email, phone) inside the changes are masked as the
 * caller's role's masking policy says (the list's and the page's rule), except for staff/admin who ask for them
 * (`personal`) after revealing this document's data — the reveal is the logged act
 * (lib/documents/server/reveal-personal-data.ts; revealed-read.ts), so reading the history never bypasses it. Viewers
 * always get masks.
 */
export async function loadDocumentHistory(
  ctx: UseCaseContext,
  input: { id: number; personal?: boolean },
): Promise<HistoryEntry[]> {
  const { actor } = ctx;
  const { id } = input;
  const db = await getDb();
  await assertDocumentInInstance(db, actor, id);
  const unmasked = await revealedRead(db, actor, id, input.personal === true);
  const masked = unmasked ? new Set<PersonalField>() : await maskedFieldsFor(actor);
  const rows = await db.documentHistory.findMany({
    where: { documentId: id },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  const names = await actorNames(db, actor.instanceId, rows);
  return rows.map((row) => ({
    id: Number(row.id),
    action: row.action,
    actor_type: row.actorType,
    actor_label: row.actorLabel,
    actor_name: names.get(`${row.actorType}:${row.actorId}`) ?? null,
    changes: (Array.isArray(row.changes) ? (row.changes as FieldChange[]) : []).map((change) =>
      maskChange(change, masked),
    ),
    created_at: row.createdAt.toISOString(),
  }));
}

/**
 * "user:<id>" / "token:<id>" → the name a person knows them by, read now (a renamed user shows their current name),
 * inside the instance only. A token from POST /api/auth/token acts as its user, so it is named after them.
 */
async function actorNames(
  db: Db,
  instanceId: number,
  rows: ReadonlyArray<{ actorType: string; actorId: number | null }>,
): Promise<Map<string, string>> {
  const idsOf = (type: string) => [
    ...new Set(rows.flatMap((row) => (row.actorType === type && row.actorId ? [row.actorId] : []))),
  ];
  const tokens = await db.apiToken.findMany({
    where: { instanceId, id: { in: idsOf("token") } },
    select: { id: true, kind: true, name: true, userId: true },
  });
  const userIds = [
    ...new Set([
      ...idsOf("user"),
      ...tokens.flatMap((token) => (token.kind === "session" && token.userId ? [token.userId] : [])),
    ]),
  ];
  const users = await db.user.findMany({
    where: { instanceId, id: { in: userIds } },
    select: { id: true, name: true },
  });
  const userName = new Map(users.flatMap((user) => (user.name.trim() ? [[user.id, user.name.trim()] as const] : [])));
  const names = new Map<string, string>();
  for (const [id, name] of userName) names.set(`user:${id}`, name);
  for (const token of tokens) {
    const name = token.kind === "session" && token.userId ? userName.get(token.userId) : token.name;
    if (name) names.set(`token:${token.id}`, name);
  }
  return names;
}

function maskChange(change: FieldChange, masked: ReadonlySet<PersonalField>): FieldChange {
  if (masked.size === 0) return change;
  return {
    field: change.field,
    before: maskFieldValue(change.field, change.before, masked),
    after: maskFieldValue(change.field, change.after, masked),
  };
}
