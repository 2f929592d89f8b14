import type { Db } from "../../lib/db/client.ts";
import type { SeededCatalog } from "../../lib/seed/server/catalog.ts";

// Documents for e2e/dashboard-csv.spec.ts: their own product ("Dashboard Produto") and CPFs starting with 9, so other
// specs' data never changes these counts (the spec filters the dashboard by this product).

export const DASHBOARD_PRODUCT = "Dashboard Produto";
const DAY = 86_400_000;

/** A valid CPF from nine base digits (check digits per SPEC.md). */
export function cpfFromBase(base: string): string {
  const digits = base.split("").map(Number);
  for (const length of [9, 10]) {
    const sum = digits.slice(0, length).reduce((total, digit, index) => total + digit * (length + 1 - index), 0);
    const rest = sum % 11;
    digits.push(rest < 2 ? 0 : 11 - rest);
  }
  const text = digits.join("");
  return `${text.slice(0, 3)}.${text.slice(3, 6)}.${text.slice(6, 9)}-${text.slice(9)}`;
}

export const DASHBOARD_DOCUMENTS = [
  { key: "d1", status: "Novo", created: "2026-09-01T12:00:00Z" },
  { key: "d2", status: "Em análise", created: "2026-09-02T12:00:00Z", slaEndInDays: 5 },
  { key: "d3", status: "Em análise", created: "2026-09-03T12:00:00Z", slaEndInDays: -2 },
  { key: "d4", status: "Em execução", created: "2026-09-04T12:00:00Z", slaEndInDays: -10 },
  { key: "d5", status: "Aguardando documentos", created: "2026-09-05T12:00:00Z", slaEndInDays: -40 },
  {
    key: "d6",
    status: "Concluído",
    created: "2026-06-01T12:00:00Z",
    slaEnd: "2026-06-12T12:00:00Z",
    finished: "2026-06-10T12:00:00Z",
    modality: "24x7",
  },
  {
    key: "d7",
    status: "Concluído",
    created: "2026-06-02T12:00:00Z",
    slaEnd: "2026-06-15T12:00:00Z",
    finished: "2026-06-20T12:00:00Z",
    modality: "24x7",
    name: "=1+1 Cliente Fórmula",
  },
  { key: "d8", status: "Cancelado", created: "2026-06-03T12:00:00Z", finished: "2026-06-21T12:00:00Z" },
] as const;

export async function seedDashboard(db: Db, catalog: SeededCatalog): Promise<void> {
  const product = await db.product.create({
    data: {
      instanceId: catalog.instanceId,
      name: DASHBOARD_PRODUCT,
      defaultSlaHours: 48,
      columns: { create: [{ key: "apolice", label: "Apólice", type: "string", order: 1 }] },
    },
  });
  const now = Date.now();
  for (const [index, spec] of DASHBOARD_DOCUMENTS.entries()) {
    const created = new Date(spec.created);
    const slaEnd =
      "slaEndInDays" in spec
        ? new Date(now + spec.slaEndInDays * DAY)
        : "slaEnd" in spec
          ? new Date(spec.slaEnd)
          : null;
    const modality = "modality" in spec ? spec.modality : null;
    const cpf = cpfFromBase(`9000000${String(index + 1).padStart(2, "0")}`);
    await db.document.create({
      data: {
        instanceId: catalog.instanceId,
        protocol: `DASH-${String(index + 1).padStart(6, "0")}`,
        statusId: catalog.statusIds[spec.status],
        productId: product.id,
        modalityId: modality ? catalog.modalityIds.plain : null,
        modalityIdentifier: modality,
        cpf,
        cpfDigits: cpf.replace(/\D/g, ""),
        name: "name" in spec ? spec.name : `Cliente ${spec.key}`,
        email: `${spec.key}@dashboard.example`,
        phone: "+55 11 90000-0000",
        slaTotal: slaEnd ? 48 : null,
        slaStart: created,
        slaEnd,
        dateTime: created,
        createdAt: created,
        dateFinished: "finished" in spec ? new Date(spec.finished) : null,
        source: "e2e",
        filledColumns: { apolice: `AP-${spec.key}` },
      },
    });
  }
}
