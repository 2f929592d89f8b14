// POST /api/documents/find — the staff find box (lib/documents/server/find-documents.ts). Auth: viewer+.
import { findDocuments } from "@/lib/documents/server/find-documents.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) => findDocuments(ctx, { q: ctx.body.q }));
