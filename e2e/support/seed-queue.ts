// Documents for the queue, live-data and masking specs (e2e/queue.spec.ts, live.spec.ts, masking.spec.ts): each
// journey has its own customer CPF so specs never disturb each other's rows. Created through the domain code.
import { createDocument } from "../../lib/documents/server/create-document.ts";
import type { SeededCatalog } from "../../lib/seed/server/catalog.ts";
import { seedActor } from "./seed-document-page.ts";

export const QUEUE_FIXTURES = {
  livePage: { cpf: "376.418.920-78", name: "Lívia Paiva" },
  liveList: { cpf: "582.903.174-41", name: "Lucas Andrade" },
  invalidatePage: { cpf: "825.146.397-19", name: "Irene Matos" },
  invalidateBulk: { cpf: "640.281.573-07", name: "Igor Batista" },
  masking: { cpf: "193.857.402-88", name: "Marta Quintana" },
} as const;

export async function seedQueue(catalog: SeededCatalog): Promise<void> {
  const actor = seedActor(catalog);
  for (const fixture of Object.values(QUEUE_FIXTURES)) {
    await createDocument({ actor }, {
      status_id: catalog.statusIds["Novo"],
      product_id: catalog.productId,
      cpf: fixture.cpf,
      name: fixture.name,
      email: `${fixture.name.split(" ")[0]!.toLowerCase()}@example.com`.normalize("NFD").replace(/[^\x20-\x7e]/g, ""),
      phone: "+55 11 97777-1234",
      sla_total: 24,
      source: "e2e-seed",
    } as Parameters<typeof createDocument>[1]);
  }
}
