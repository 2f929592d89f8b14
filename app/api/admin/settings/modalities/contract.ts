// Contract of GET, POST /api/admin/settings/modalities (see lib/http/contract.ts).
import { ZModality, ZModalityWithCountList } from "@/lib/settings/answers.ts";
import { defineContract } from "@/lib/http/contract.ts";
import { createModalitySchema } from "@/lib/settings/schemas.ts";

export const GET = defineContract({
  method: "GET",
  path: "/admin/settings/modalities",
  tag: "Admin",
  summary: "List modalities with calendars, holidays and document counts",
  auth: "bearer",
  role: "admin",
  response: ZModalityWithCountList,
  answer: "The settings objects, as listed in the admin pages.",
  errors: [400, 401, 403, 404, 409],
});

export const POST = defineContract({
  method: "POST",
  path: "/admin/settings/modalities",
  tag: "Admin",
  summary: "Create a modality",
  auth: "bearer",
  role: "admin",
  request: createModalitySchema,
  response: ZModality,
  responseStatus: 201,
  answer: "The created object (201).",
  errors: [400, 401, 403, 404, 409],
});
