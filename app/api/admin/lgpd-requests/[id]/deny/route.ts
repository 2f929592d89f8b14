// POST /api/admin/lgpd-requests/<id>/deny {reason} — deny a deletion awaiting review. Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { denyDeletion } from "@/lib/lgpd/server/review.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async ({ actor, params, body }) =>
  denyDeletion(actor, params.id, body.reason),
);
