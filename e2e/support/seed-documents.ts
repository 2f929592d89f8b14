// Documents of the e2e database (default instance): a known customer whose CPF is stored both formatted and bare
// across categories, two documents for the bulk status change, late ones, and enough filler to page through.
import type { Db } from "../../lib/db/client.ts";
import { normalizeIdentifier } from "../../lib/identifiers/identifiers.ts";
import type { SeededCatalog } from "../../lib/seed/server/catalog.ts";

type StatusName = keyof SeededCatalog["statusIds"];

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The rows the browser tests look for, by protocol. */
export const E2E_DOCUMENTS = {
  mariaNew: { protocol: "E2E-0001", cpf: "318.274.659-64", status: "Novo", name: "Maria Oliveira" },
  mariaAnalysisLate: { protocol: "E2E-0002", cpf: "31827465964", status: "Em análise", name: "Maria Oliveira" },
  mariaDone: { protocol: "E2E-0003", cpf: "318.274.659-64", status: "Concluído", name: "Maria Oliveira" },
  mariaWaiting: {
    protocol: "E2E-0004",
    cpf: "31827465964",
    status: "Aguardando documentos",
    name: "Maria Oliveira",
  },
  bulkFirst: { protocol: "E2E-0005", cpf: "642.051.873-35", status: "Novo", name: "João Pereira" },
  bulkSecond: { protocol: "E2E-0006", cpf: "64205187335", status: "Novo", name: "João Pereira" },
  bulkRefused: { protocol: "E2E-0007", cpf: "642.051.873-35", status: "Novo", name: "João Pereira" },
} as const satisfies Record<string, { protocol: string; cpf: string; status: StatusName; name: string }>;

/** How many filler documents there are besides E2E_DOCUMENTS (other seeds add documents of their own). */
export const E2E_FILLER_COUNT = 23;

/** A valid CPF from a 9-digit base (check digits computed as in the spec). */
function cpfFromBase(base: string): string {
  const digits = base.split("").map(Number);
  const check = (values: number[]) => {
    const weightStart = values.length + 1;
    const sum = values.reduce((total, value, index) => total + value * (weightStart - index), 0);
    const remainder = sum % 11;
    return remainder < 2 ? 0 : 11 - remainder;
  };
  const first = check(digits);
  const second = check([...digits, first]);
  return `${base.slice(0, 3)}.${base.slice(3, 6)}.${base.slice(6, 9)}-${first}${second}`;
}

const FIRST_NAMES = ["Ana", "Bruno", "Carla", "Diego", "Elisa", "Fábio", "Gabriela", "Hugo", "Isabel", "Jorge"];
const LAST_NAMES = ["Almeida", "Barbosa", "Costa", "Dias", "Esteves", "Ferreira", "Gomes", "Lima"];
const FILLER_STATUSES: StatusName[] = ["Novo", "Em análise", "Em execução", "Aguardando documentos", "Cancelado"];

export async function seedE2eDocuments(db: Db, catalog: SeededCatalog, now = new Date()): Promise<void> {
  const base = now.getTime();
  type Row = {
    protocol: string;
    cpf: string;
    status: StatusName;
    name: string;
    createdAt: Date;
    slaEnd: Date | null;
    email?: string;
    phone?: string;
    dateFinished?: Date;
    pausedAt?: Date;
    filledColumns?: Record<string, unknown>;
  };
  const rows: Row[] = [
    {
      ...E2E_DOCUMENTS.mariaNew,
      createdAt: new Date(base - 2 * DAY),
      slaEnd: new Date(base + 30 * HOUR),
      email: "maria.oliveira@example.com",
      phone: "(11) 91234-5678",
      filledColumns: { placa: "LST4A21", valor_segurado: 85000, inicio_vigencia: "2026-04-01" },
    },
    {
      ...E2E_DOCUMENTS.mariaAnalysisLate,
      createdAt: new Date(base - 5 * DAY),
      slaEnd: new Date(base - 20 * HOUR),
      email: "maria.oliveira@example.com",
      filledColumns: { placa: "MAR1A00", valor_segurado: 42000 },
    },
    {
      ...E2E_DOCUMENTS.mariaDone,
      createdAt: new Date(base - 20 * DAY),
      slaEnd: new Date(base - 17 * DAY),
      dateFinished: new Date(base - 18 * DAY),
    },
    {
      ...E2E_DOCUMENTS.mariaWaiting,
      createdAt: new Date(base - 8 * DAY),
      slaEnd: new Date(base - 1 * DAY),
      pausedAt: new Date(base - 3 * DAY),
    },
    { ...E2E_DOCUMENTS.bulkFirst, createdAt: new Date(base - 1 * DAY), slaEnd: new Date(base + 3 * DAY) },
    { ...E2E_DOCUMENTS.bulkSecond, createdAt: new Date(base - 1 * DAY - HOUR), slaEnd: new Date(base - HOUR) },
    { ...E2E_DOCUMENTS.bulkRefused, createdAt: new Date(base - 1 * DAY - 2 * HOUR), slaEnd: null },
  ];
  for (let index = 0; index < E2E_FILLER_COUNT; index += 1) {
    const status = FILLER_STATUSES[index % FILLER_STATUSES.length]!;
    const first = FIRST_NAMES[index % FIRST_NAMES.length]!;
    const last = LAST_NAMES[(index * 3) % LAST_NAMES.length]!;
    const createdAt = new Date(base - (3 + index * 1.5) * DAY);
    const cpf = cpfFromBase(String(200_000_000 + index * 7_654_321).slice(0, 9));
    rows.push({
      protocol: `E2E-${String(100 + index).padStart(4, "0")}`,
      // Every other filler identifier is stored without punctuation, as some integrations send it.
      cpf: index % 2 ? normalizeIdentifier(cpf) : cpf,
      status,
      name: `${first} ${last}`,
      createdAt,
      slaEnd: index % 4 === 3 ? null : new Date(createdAt.getTime() + (index % 3 === 0 ? 2 : 40) * DAY),
      email: `${first.toLowerCase()}.${last.toLowerCase()}@example.com`.normalize("NFD").replace(/[^\x20-\x7e]/g, ""),
      phone: `(21) 9${String(8000_0000 + index * 1234).slice(0, 4)}-${String(1000 + index)}`,
      filledColumns: { placa: `FIL${index}A${index % 10}`, valor_segurado: 10_000 + index * 2_500 },
    });
  }
  for (const row of rows) {
    await db.document.create({
      data: {
        instanceId: catalog.instanceId,
        protocol: row.protocol,
        statusId: catalog.statusIds[row.status],
        productId: catalog.productId,
        modalityId: catalog.modalityIds.plain,
        modalityIdentifier: "24x7",
        cpf: row.cpf,
        cpfDigits: normalizeIdentifier(row.cpf),
        name: row.name,
        email: row.email ?? null,
        phone: row.phone ?? null,
        slaTotal: row.slaEnd ? (row.slaEnd.getTime() - row.createdAt.getTime()) / HOUR : null,
        slaStart: row.createdAt,
        slaEnd: row.slaEnd,
        dateFinished: row.dateFinished ?? null,
        pausedAt: row.pausedAt ?? null,
        source: "e2e-seed",
        filledColumns: (row.filledColumns ?? {}) as object,
        dateTime: row.createdAt,
        createdAt: row.createdAt,
        updatedAt: row.createdAt,
      },
    });
  }
}
