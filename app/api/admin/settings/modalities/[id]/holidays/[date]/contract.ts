// Contract of DELETE /api/admin/settings/modalities/{id}/holidays/{date} (see lib/http/contract.ts).
import { ZModality } from "@/lib/settings/answers.ts";
import { defineContract } from "@/lib/http/contract.ts";
import { notFound } from "@/lib/errors/app-error.ts";
import { idParam, pathParam } from "@/lib/http/path-params.ts";
import { holidayDateParam } from "@/lib/settings/schemas.ts";
export const DELETE = defineContract({
  method: "DELETE",
  path: "/admin/settings/modalities/{id}/holidays/{date}",
  tag: "Admin",
  summary: "Remove the holiday on that date",
  auth: "bearer",
  params: { date: pathParam(holidayDateParam, () => notFound("No holiday on that date")), id: idParam() },
  role: "admin",
  response: ZModality,
  answer: "The modality without that holiday.",
  errors: [400, 401, 403, 404, 409],
});
