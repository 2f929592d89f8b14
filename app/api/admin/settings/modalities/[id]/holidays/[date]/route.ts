// DELETE /api/admin/settings/modalities/<id>/holidays/<YYYY-MM-DD> — remove the holiday on that date. Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { notFound } from "@/lib/http/errors.ts";
import { removeHoliday } from "@/lib/settings/server/modalities.ts";
import { idParam } from "@/lib/settings/route-params.ts";
import { holidayDateParam } from "@/lib/settings/schemas.ts";
import * as contract from "./contract.ts";

export const DELETE = apiRoute(contract.DELETE, async ({ actor, params }) => {
  const date = holidayDateParam.safeParse(params.date);
  if (!date.success) throw notFound("No holiday on that date");
  return removeHoliday(actor, idParam(params), date.data);
});
