// POST /api/documents/<id>/messages/<messageId>/resend — queue a failed customer e-mail again. Auth: staff+.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { resendEmail } from "@/lib/outbox/server/resend-email.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) =>
  resendEmail(ctx, { documentId: ctx.params.id, messageId: ctx.params.messageId }),
);
