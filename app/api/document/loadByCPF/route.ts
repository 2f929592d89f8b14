// POST /api/document/loadByCPF — read views of the documents of one or more identifiers. Auth: viewer+.
import { readDocumentsByCpf } from "@/lib/documents/server/api-read.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { jsonTextResponse } from "@/lib/http/json-text.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async ({ actor, body }) =>
  jsonTextResponse(await readDocumentsByCpf(actor, body.cpf, body.categories)),
);
