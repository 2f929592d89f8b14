// PATCH /api/admin/settings/products/<id>/steps/<stepId> — name, order. Auth: admin.
// DELETE /api/admin/settings/products/<id>/steps/<stepId> — its statuses are left without a step. Auth: admin.
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { deleteStep, updateStep } from "@/lib/settings/server/products.ts";
import * as contract from "./contract.ts";

export const PATCH = apiRoute(contract.PATCH, async ({ actor, body, params }) =>
  updateStep(actor, params.id, params.stepId, body),
);

export const DELETE = apiRoute(contract.DELETE, async ({ actor, params }) =>
  deleteStep(actor, params.id, params.stepId),
);
