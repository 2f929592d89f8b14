// Contract of GET, PATCH, DELETE /api/admin/settings/modalities/{id} (see lib/http/contract.ts).
import { ZDeleted, ZModality, ZModalityWithCount } from "@/lib/settings/answers.ts";
import { defineContract } from "@/lib/http/contract.ts";
import { updateModalitySchema } from "@/lib/settings/schemas.ts";
import { idParam } from "@/lib/http/path-params.ts";
export const GET = defineContract({
  method: "GET",
  path: "/admin/settings/modalities/{id}",
  tag: "Admin",
  summary: "One modality with its calendar and holidays",
  auth: "bearer",
  params: { id: idParam() },
  role: "admin",
  response: ZModalityWithCount,
  answer: "The settings objects, as listed in the admin pages.",
  errors: [400, 401, 403, 404, 409],
});

export const PATCH = defineContract({
  method: "PATCH",
  path: "/admin/settings/modalities/{id}",
  tag: "Admin",
  summary: "Change a modality's identifier, time zone or working hours (null = plain hours)",
  auth: "bearer",
  params: { id: idParam() },
  role: "admin",
  request: updateModalitySchema,
  response: ZModality,
  answer: "The changed object.",
  errors: [400, 401, 403, 404, 409],
});

export const DELETE = defineContract({
  method: "DELETE",
  path: "/admin/settings/modalities/{id}",
  tag: "Admin",
  summary: "Delete a modality (409 while documents use it)",
  auth: "bearer",
  params: { id: idParam() },
  role: "admin",
  response: ZDeleted,
  answer: "{deleted: true, id}.",
  errors: [400, 401, 403, 404, 409],
});
