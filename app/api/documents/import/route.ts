// POST /api/documents/import — create many documents from mapped CSV rows, all or nothing. Auth: bearer or session
// (staff+). Body {rows: [...]} (at most 5,000 rows, 16 MB); 400 lists {row, path, message} for every bad row.
import { importDocuments } from "@/lib/documents/server/import-documents.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) =>
  importDocuments(ctx, { rows: ctx.body.rows, validOnly: ctx.body.valid_only }),
);
