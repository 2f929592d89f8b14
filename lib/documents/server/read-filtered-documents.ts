import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import type { CompatFilterBody } from "../../compat/schemas.ts";
import { invalid } from "../../errors/app-error.ts";
import type { PersonalField } from "../mask.ts";
import { filterDocumentsCompat } from "./filter-documents-compat.ts";
import { maskedFieldsFor } from "./masking-policy.ts";
import { cachedReadPolicy } from "./read-policy-cache.ts";
import { forCaller, readsClear, type ReadViewText } from "./read-for-caller.ts";

/** The original's filter lists that match a personal field exactly. */
const PERSONAL_LISTS = ["name", "email", "phone"] as const satisfies ReadonlyArray<
  PersonalField & keyof CompatFilterBody
>;

/**
 * The original's document/filter for the caller (JSON text of an array of read views). A list on a personal field the
 * caller reads masked is refused (400, one field error per list): an exact match would confirm a guess of the value
 * the answer masks — "is Maria da Silva a customer?" —, which the find box and the list never answer either.
 */
export async function readFilteredDocuments(ctx: UseCaseContext, input: CompatFilterBody): Promise<ReadViewText> {
  const { actor } = ctx;
  const asked = PERSONAL_LISTS.filter((field) => (input[field]?.length ?? 0) > 0);
  if (asked.length > 0 && !readsClear(actor)) {
    const masked = cachedReadPolicy(actor.instanceId, actor.role) ?? (await maskedFieldsFor(actor));
    const refused = asked.filter((field) => masked.has(field));
    if (refused.length > 0) {
      throw invalid(
        "Invalid parameters",
        refused.map((field) => ({
          path: field,
          message: `Your role reads ${field} masked: it cannot be used as a filter`,
          code: "masked_field_filter",
        })),
      );
    }
  }
  return forCaller(actor, (masking) => filterDocumentsCompat(actor.instanceId, input, masking), {
    name: "document/filter",
  });
}
