// GET/PUT /api/admin/lgpd-deadline — the instance's LGPD answer deadline (15 or 30 days). Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { instanceDeadlineDays, setInstanceDeadlineDays } from "@/lib/lgpd/server/deadline-setting.ts";
import * as contract from "./contract.ts";

export const GET = apiRoute(contract.GET, async ({ actor }) => ({
  deadline_days: await instanceDeadlineDays(actor.instanceId),
}));

export const PUT = apiRoute(contract.PUT, async ({ actor, body }) =>
  setInstanceDeadlineDays(actor, body.deadline_days),
);
