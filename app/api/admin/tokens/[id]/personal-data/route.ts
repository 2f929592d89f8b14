// POST /api/admin/tokens/<id>/personal-data {clear} — the token's clear-data setting. Auth: admin.
import { setTokenPersonalData } from "@/lib/apis/server/api-token-admin.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async ({ actor, params, body }) =>
  setTokenPersonalData(actor, params.id, body.clear),
);
