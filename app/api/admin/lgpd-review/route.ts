// GET/PUT /api/admin/lgpd-review — reviewed deletions: the setting and the requests awaiting review. Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { loadDeletionReview } from "@/lib/lgpd/server/load-deletion-review.ts";
import { setDeletionReview } from "@/lib/lgpd/server/set-deletion-review.ts";
import * as contract from "./contract.ts";

export const GET = apiRoute(contract.GET, async (ctx) => loadDeletionReview(ctx));

export const PUT = apiRoute(contract.PUT, async (ctx) => setDeletionReview(ctx, ctx.body));
