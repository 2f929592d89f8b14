// POST /api/admin/settings/modalities/<id>/holidays — add holidays `{holidays: [{date, name}]}`; 409 if a date
// is already there. Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { addHolidays } from "@/lib/settings/server/add-holidays.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) =>
  Response.json(await addHolidays(ctx, { id: ctx.params.id, holidays: ctx.body.holidays }), { status: 201 }),
);
