import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import type { CompatFilterBody } from "../../compat/schemas.ts";
import { filterDocumentsCompat } from "./filter-documents-compat.ts";
import { forCaller, type ReadViewText } from "./read-for-caller.ts";

/** The original's document/filter for the caller (JSON text of an array of read views). */
export async function readFilteredDocuments(ctx: UseCaseContext, input: CompatFilterBody): Promise<ReadViewText> {
  const { actor } = ctx;
  return forCaller(actor, (masking) => filterDocumentsCompat(actor.instanceId, input, masking), {
    name: "document/filter",
  });
}
