// POST /api/documents/filter-options — categories, statuses (with colours), products (with columns) and modalities
// for the documents filter bar, in one call. Auth: viewer+.
import { loadFilterOptions } from "@/lib/documents/filter-options.ts";
import { apiRoute } from "@/lib/http/api-route.ts";
import { noParametersSchema } from "@/lib/http/zod-fields.ts";

export const POST = apiRoute({
  role: "viewer",
  body: noParametersSchema,
  handler: ({ actor }) => loadFilterOptions(actor.instanceId),
});
