// Contract of DELETE /api/saved-filters/{id} (see lib/http/contract.ts).
import { ZDeleted } from "@/lib/settings/answers.ts";
import { defineContract } from "@/lib/http/contract.ts";

export const DELETE = defineContract({
  method: "DELETE",
  path: "/saved-filters/{id}",
  tag: "Staff",
  summary: "Delete one of the caller's saved filters",
  auth: "bearer",
  role: "viewer",
  response: ZDeleted,
  answer: "{deleted: true}.",
  errors: [401, 403, 404],
});
