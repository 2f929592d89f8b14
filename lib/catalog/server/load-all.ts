import "server-only";
import { getDb } from "../../db/client.ts";
import { serializeModality, serializeProduct, serializeStatus } from "./serialize.ts";

export async function loadAllProducts(instanceId: number) {
  const db = await getDb();
  const products = await db.product.findMany({
    where: { instanceId },
    orderBy: { id: "asc" },
    include: { steps: { orderBy: { order: "asc" } }, columns: { orderBy: { order: "asc" } } },
  });
  return products.map(serializeProduct);
}

export async function loadAllStatuses(instanceId: number) {
  const db = await getDb();
  const statuses = await db.status.findMany({
    where: { instanceId },
    orderBy: [{ order: "asc" }, { id: "asc" }],
    include: { category: true, transitions: { select: { toStatusId: true } } },
  });
  return statuses.map(serializeStatus);
}

export async function loadAllModalities(instanceId: number) {
  const db = await getDb();
  const modalities = await db.modality.findMany({
    where: { instanceId },
    orderBy: { id: "asc" },
    include: { holidays: { orderBy: { date: "asc" } } },
  });
  return modalities.map(serializeModality);
}
