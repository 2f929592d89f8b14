// Shared pieces of the LGPD tests: CPFs with correct check digits, documents with children inserted with Prisma
// (the documents domain is written elsewhere), and an instance with its LGPD key.
import { randomUUID } from "node:crypto";
import type { Db, Prisma } from "@/lib/db/client.ts";
import { normalizeIdentifier } from "@/lib/identifiers/identifiers.ts";
import { rotateLgpdKey } from "@/lib/lgpd/server/keys.ts";
import { createInstanceWithCatalog, type SeededCatalog } from "@/lib/seed/server/catalog.ts";

/** A valid CPF (11 digits) built from a 9-digit base. */
export function cpfFromBase(base: number): string {
  const digits = String(base).padStart(9, "0").split("").map(Number);
  const check = (values: number[]) => {
    const sum = values.reduce((total, value, index) => total + value * (values.length + 1 - index), 0);
    const remainder = sum % 11;
    return remainder < 2 ? 0 : 11 - remainder;
  };
  const first = check(digits);
  const second = check([...digits, first]);
  return [...digits, first, second].join("");
}

export const formatCpf = (digits: string) =>
  `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6, 9)}-${digits.slice(9)}`;

export type LgpdInstance = SeededCatalog & { slug: string; key: string };

export async function createLgpdInstance(db: Db, slug: string): Promise<LgpdInstance> {
  const catalog = await createInstanceWithCatalog(db, slug);
  const { key } = await rotateLgpdKey(catalog.instanceId);
  return { ...catalog, slug, key };
}

export type Children = { observations?: number; attachments?: number; history?: number };

/** One document with `cpf` exactly as given (formatted or not), `fields` set, and the requested number of child rows. */
export async function insertDocument(
  db: Db,
  instance: SeededCatalog,
  cpf: string,
  children: Children = {},
  fields: { source?: string | null; filledColumns?: Prisma.InputJsonValue } = {},
) {
  const now = new Date();
  const document = await db.document.create({
    data: {
      instanceId: instance.instanceId,
      protocol: `T-${randomUUID()}`,
      statusId: instance.statusIds["Novo"],
      productId: instance.productId,
      cpf,
      cpfDigits: normalizeIdentifier(cpf),
      name: "Maria da Silva",
      email: "maria@example.com",
      slaStart: now,
      dateTime: now,
      ...fields,
    },
  });
  for (let i = 0; i < (children.observations ?? 0); i += 1) {
    await db.observation.create({
      data: { documentId: document.id, text: `nota ${i} sobre ${cpf}`, authorLabel: "t" },
    });
  }
  for (let i = 0; i < (children.attachments ?? 0); i += 1) {
    await db.attachment.create({
      data: {
        documentId: document.id,
        state: i % 2 === 0 ? "uploaded" : "pending",
        fileName: `rg-${i}.pdf`,
        mediaType: "application/pdf",
        size: 3,
        content: i % 2 === 0 ? Buffer.from("pdf") : null,
        authorLabel: "t",
      },
    });
  }
  for (let i = 0; i < (children.history ?? 0); i += 1) {
    await db.documentHistory.create({
      data: {
        documentId: document.id,
        action: "update",
        actorType: "system",
        actorLabel: "t",
        changes: [{ field: "cpf", before: null, after: cpf }],
      },
    });
  }
  return document;
}

/** How many rows of each kind still exist for these documents. */
export async function remaining(db: Db, documentIds: number[]) {
  const where = { documentId: { in: documentIds } };
  return {
    documents: await db.document.count({ where: { id: { in: documentIds } } }),
    observations: await db.observation.count({ where }),
    attachments: await db.attachment.count({ where }),
    history: await db.documentHistory.count({ where }),
  };
}
