// DELETE /api/admin/settings/modalities/<id>/holidays/<YYYY-MM-DD> — remove the holiday on that date. Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { removeHoliday } from "@/lib/settings/server/remove-holiday.ts";
import * as contract from "./contract.ts";

export const DELETE = apiRoute(contract.DELETE, async (ctx) =>
  removeHoliday(ctx, { id: ctx.params.id, date: ctx.params.date }),
);
