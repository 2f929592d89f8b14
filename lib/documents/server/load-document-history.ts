import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { getDb } from "../../db/client.ts";
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
  return rows.map((row) => ({
    id: Number(row.id),
    action: row.action,
    actor_type: row.actorType,
    actor_label: row.actorLabel,
    changes: (Array.isArray(row.changes) ? (row.changes as FieldChange[]) : []).map((change) =>
      maskChange(change, masked),
    ),
    created_at: row.createdAt.toISOString(),
  }));
}

function maskChange(change: FieldChange, masked: ReadonlySet<PersonalField>): FieldChange {
  if (masked.size === 0) return change;
  return {
    field: change.field,
    before: maskFieldValue(change.field, change.before, masked),
    after: maskFieldValue(change.field, change.after, masked),
  };
}
