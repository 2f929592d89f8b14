import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { getDb } from "../../db/client.ts";
import { assertDocumentInInstance } from "./access.ts";
import { serializeAttachment } from "./serialize.ts";

/** attachment/loadPendency: the document's pending file requests, oldest first. */
export async function loadPendencies(ctx: UseCaseContext, input: { documentId: number }) {
  const { actor } = ctx;
  const { documentId } = input;
  const db = await getDb();
  await assertDocumentInInstance(db, actor, documentId);
  const rows = await db.attachment.findMany({
    where: { documentId, state: "pending" },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    omit: { content: true },
  });
  return rows.map(serializeAttachment);
}
