// POST /api/admin/settings/statuses/<id>/test-message {to} — queue a test of the template. Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { sendTestMessage } from "@/lib/outbox/server/send-test-message.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) =>
  sendTestMessage(ctx, { statusId: ctx.params.id, to: ctx.body.to }),
);
