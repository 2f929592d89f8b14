// Contract of POST /api/admin/settings/modalities/{id}/holidays (see lib/http/contract.ts).
import { ZModality } from "@/lib/settings/answers.ts";
import { defineContract } from "@/lib/http/contract.ts";
import { addHolidaysSchema } from "@/lib/settings/schemas.ts";
import { idParam } from "@/lib/http/path-params.ts";
export const POST = defineContract({
  method: "POST",
  path: "/admin/settings/modalities/{id}/holidays",
  tag: "Admin",
  summary: "Add holidays to a modality's calendar (409 for a date already there)",
  auth: "bearer",
  params: { id: idParam() },
  role: "admin",
  request: addHolidaysSchema,
  response: ZModality,
  responseStatus: 201,
  answer: "The created object (201).",
  errors: [400, 401, 403, 404, 409],
});
