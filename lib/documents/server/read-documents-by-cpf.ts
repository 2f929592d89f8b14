import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { forCaller, type ReadViewText } from "./read-for-caller.ts";
import { loadDocumentsByCpf } from "./read.ts";

/** document/loadByCPF for the caller (JSON text of an array). */
export async function readDocumentsByCpf(
  ctx: UseCaseContext,
  input: { cpfs: string[]; categories: string[] },
): Promise<ReadViewText> {
  const { actor } = ctx;
  return forCaller(actor, (masking) => loadDocumentsByCpf(actor.instanceId, input.cpfs, input.categories, masking), {
    name: "document/loadByCPF",
  });
}
