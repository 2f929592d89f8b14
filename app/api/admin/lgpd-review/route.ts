// GET/PUT /api/admin/lgpd-review — reviewed deletions: the setting and the requests awaiting review. Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { reviewOverview, setDeletionReview } from "@/lib/lgpd/server/review.ts";
import * as contract from "./contract.ts";

export const GET = apiRoute(contract.GET, async ({ actor }) => reviewOverview(actor.instanceId));

export const PUT = apiRoute(contract.PUT, async ({ actor, body }) => setDeletionReview(actor, body.enabled));
