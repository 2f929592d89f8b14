import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { forCaller, type ReadViewText } from "./read-for-caller.ts";
import { loadDocumentById } from "./read.ts";

/** document/loadById for the caller (JSON text). */
export async function readDocumentById(ctx: UseCaseContext, input: { id: number }): Promise<ReadViewText> {
  const { actor } = ctx;
  return forCaller(actor, (masking) => loadDocumentById(actor.instanceId, input.id, masking), {
    name: "document/loadById",
    documentId: input.id,
  });
}
