// Contract of DELETE /api/saved-filters/{id} (see lib/http/contract.ts).
import { ZDeleted } from "@/lib/settings/answers.ts";
import { defineContract } from "@/lib/http/contract.ts";
import { z } from "zod";
import { invalid } from "@/lib/errors/app-error.ts";
import { pathParam } from "@/lib/http/path-params.ts";

/** Read as Number() reads it (the route's first rule, kept so its answers do not change), a positive int4. */
const savedFilterIdParam = pathParam(
  z.string().transform(Number).pipe(z.number().int().min(1).max(2_147_483_647)),
  () => invalid("Invalid saved filter id"),
);

export const DELETE = defineContract({
  method: "DELETE",
  path: "/saved-filters/{id}",
  tag: "Staff",
  summary: "Delete one of the caller's saved filters",
  auth: "bearer",
  params: { id: savedFilterIdParam },
  role: "viewer",
  response: ZDeleted,
  answer: "{deleted: true}.",
  errors: [401, 403, 404],
});
