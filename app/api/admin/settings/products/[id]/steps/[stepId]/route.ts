// PATCH /api/admin/settings/products/<id>/steps/<stepId> — name, order. Auth: admin.
// DELETE /api/admin/settings/products/<id>/steps/<stepId> — its statuses are left without a step. Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { deleteStep } from "@/lib/settings/server/delete-step.ts";
import { updateStep } from "@/lib/settings/server/update-step.ts";
import * as contract from "./contract.ts";

export const PATCH = apiRoute(contract.PATCH, async (ctx) =>
  updateStep(ctx, { productId: ctx.params.id, id: ctx.params.stepId, changes: ctx.body }),
);

export const DELETE = apiRoute(contract.DELETE, async (ctx) =>
  deleteStep(ctx, { productId: ctx.params.id, id: ctx.params.stepId }),
);
