import "server-only";
import { getDb } from "../db/client.ts";
import { badRequest, notFound } from "../http/errors.ts";
import { documentWithRelations } from "./load.ts";
import { serializeReadView } from "./serialize.ts";

/** document/loadById: the read view, or 404. */
export async function loadDocumentById(instanceId: number, id: number) {
  const db = await getDb();
  const document = await db.document.findFirst({ where: { id, instanceId }, include: documentWithRelations });
  if (!document) throw notFound("Provided id parameter not exists on database");
  return serializeReadView(document);
}

/** document/loadByCPF: identical match on any of the given identifiers, optionally within categories; newest first. */
export async function loadDocumentsByCpf(instanceId: number, cpfs: string[], categories: string[]) {
  const db = await getDb();
  if (categories.length > 0) {
    const known = await db.statusCategory.findMany({ where: { instanceId }, select: { key: true } });
    const knownKeys = new Set(known.map((category) => category.key));
    const unknown = categories.filter((key) => !knownKeys.has(key));
    if (unknown.length > 0) {
      throw badRequest(`Unknown categories: ${unknown.join(", ")} (known: ${[...knownKeys].join(", ")})`, [
        { path: "categories", message: `Unknown category: ${unknown.join(", ")}` },
      ]);
    }
  }
  const documents = await db.document.findMany({
    where: {
      instanceId,
      cpf: { in: cpfs },
      ...(categories.length > 0 ? { status: { category: { key: { in: categories } } } } : {}),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    include: documentWithRelations,
  });
  return documents.map(serializeReadView);
}
