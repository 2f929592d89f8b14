// POST /api/document/loadByCPF — read views of the documents of one or more identifiers. Auth: viewer+.
import { readDocumentsByCpf } from "@/lib/documents/server/read-documents-by-cpf.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { jsonTextResponse } from "@/lib/http/json-text.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) =>
  jsonTextResponse(await readDocumentsByCpf(ctx, { cpfs: ctx.body.cpf, categories: ctx.body.categories })),
);
