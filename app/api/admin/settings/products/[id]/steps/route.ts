// POST /api/admin/settings/products/<id>/steps — add a step to the product's flow. Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { createStep } from "@/lib/settings/server/products.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async ({ actor, body, params }) =>
  Response.json(await createStep(actor, params.id, body), { status: 201 }),
);
