// POST /api/product/loadAll — the instance's products with steps and columns. Auth: bearer token or session (viewer+).
import { z } from "zod";
import { getDb } from "@/lib/db/client.ts";
import { apiRoute } from "@/lib/http/api-route.ts";

export const POST = apiRoute({
  role: "viewer",
  body: z.object({}).loose(),
  handler: async ({ actor }) => {
    const db = await getDb();
    return db.product.findMany({ where: { instanceId: actor.instanceId }, orderBy: { id: "asc" } });
  },
});
