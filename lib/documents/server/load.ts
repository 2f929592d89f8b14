import "server-only";
import type { Prisma } from "../../db/client.ts";

/** What every document answer needs loaded with the row. */
export const documentWithRelations = {
  status: { include: { category: true, step: true } },
  product: true,
  observations: { orderBy: { createdAt: "asc" } },
  attachments: {
    orderBy: { createdAt: "asc" },
    omit: { content: true },
  },
} satisfies Prisma.DocumentInclude;

export type DocumentWithRelations = Prisma.DocumentGetPayload<{ include: typeof documentWithRelations }>;
