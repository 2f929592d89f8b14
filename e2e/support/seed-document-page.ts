// Documents for e2e/document-page.spec.ts: one per journey, found by their (unique) CPF, created through the real
// domain code (createDocument / updateDocument) so protocols, SLA dates and history are as in production.
import { systemActor, type Actor } from "../../lib/auth/actor.ts";
import type { Db } from "../../lib/db/client.ts";
import { createDocument } from "../../lib/documents/server/create-document.ts";
import { updateDocument } from "../../lib/documents/server/update-document.ts";
import type { SeededCatalog } from "../../lib/seed/server/catalog.ts";
import { E2E_USERS } from "./users.ts";

const CUSTOMER = { phone: "+55 11 98765-4321", source: "chatbot" };

/** CPF → the customer on that document; each journey of the spec uses its own document. */
export const DOCUMENT_PAGE_FIXTURES = {
  open: { cpf: "529.982.247-25", name: "Helena Duarte Rocha", email: "helena.rocha@example.com" },
  columns: { cpf: "390.533.447-05", name: "Caio Mendes", email: "caio.mendes@example.com" },
  status: { cpf: "153.509.460-56", name: "Beatriz Lima", email: "beatriz.lima@example.com" },
  observation: { cpf: "714.602.380-01", name: "Rafael Souza", email: "rafael.souza@example.com" },
  attachment: { cpf: "248.438.034-80", name: "Juliana Prado", email: "juliana.prado@example.com" },
  viewer: { cpf: "861.305.218-55", name: "Otávio Nunes", email: "otavio.nunes@example.com" },
  reveal: { cpf: "407.112.235-80", name: "Larissa Campos Teixeira", email: "larissa.campos@example.com" },
} as const;

/** The actor e2e seeds create documents as: the history names it as a system actor, not a user or token. */
export function seedActor(catalog: SeededCatalog): Actor {
  return systemActor("cli", catalog.instanceId, "system:e2e-seed");
}

export async function seedDocumentPage(db: Db, catalog: SeededCatalog): Promise<void> {
  const actor = seedActor(catalog);
  const staff = await db.user.findUniqueOrThrow({ where: { email: E2E_USERS.staff.email } });
  const base = { product_id: catalog.productId, ...CUSTOMER };
  const create = (key: keyof typeof DOCUMENT_PAGE_FIXTURES, extra: Record<string, unknown> = {}) =>
    createDocument({ actor }, {
      status_id: catalog.statusIds["Novo"],
      ...base,
      ...DOCUMENT_PAGE_FIXTURES[key],
      ...extra,
    } as Parameters<typeof createDocument>[1]);

  const open = await create("open", {
    modality_identifier: "Horário comercial",
    filled_columns: {
      placa: "BRA2E19",
      valor_segurado: 85000,
      inicio_vigencia: "2026-03-01",
      corretor: "Ana Corretora",
    },
  });
  await updateDocument({ actor }, { id: open.id, status_id: catalog.statusIds["Em análise"], user_id: staff.id });

  await create("columns", { filled_columns: { placa: "XYZ9A88", apolice_anterior: "AP-1234" } });
  await create("status", { modality_identifier: "24x7" });

  const late = await create("observation", { sla_total: 24 });
  // Three days past its deadline, so the page shows days late.
  const past = new Date(Date.now() - 4 * 86_400_000);
  await db.document.update({
    where: { id: late.id },
    data: { slaStart: past, slaEnd: new Date(past.getTime() + 24 * 3_600_000) },
  });

  await create("attachment");
  const paused = await create("viewer", { filled_columns: { placa: "PAU5E00" } });
  await updateDocument({ actor }, { id: paused.id, status_id: catalog.statusIds["Em análise"] });
  await updateDocument({ actor }, { id: paused.id, status_id: catalog.statusIds["Aguardando documentos"] });
  await create("reveal", { modality_identifier: "24x7", sla_total: 48 });
}
