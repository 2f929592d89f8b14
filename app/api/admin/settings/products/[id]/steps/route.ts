// POST /api/admin/settings/products/<id>/steps — add a step to the product's flow. Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { createStep } from "@/lib/settings/server/create-step.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) =>
  Response.json(await createStep(ctx, { productId: ctx.params.id, step: ctx.body }), { status: 201 }),
);
