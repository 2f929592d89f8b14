// POST /api/documents/reveal {id} — one document's unmasked CPF (also formatted), name, e-mail, phone, for the
// documents list; the same logged act as POST /api/documents/<id>/reveal (lib/documents/reveal.ts). Auth: staff+.
import { revealPersonalData } from "@/lib/documents/reveal.ts";
import { apiRoute } from "@/lib/http/api-route.ts";
import { formatIdentifier } from "@/lib/identifiers/identifiers.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async ({ actor, body, requestId }) => {
  const revealed = await revealPersonalData(actor, body.id, requestId);
  return { id: body.id, ...revealed, cpf_formatted: formatIdentifier(revealed.cpf) };
});
