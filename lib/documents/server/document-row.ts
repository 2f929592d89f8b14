import "server-only";
import type { Document } from "../../db/client.ts";

const DATE_COLUMNS = [
  "slaStart",
  "slaEnd",
  "slaEndStatus",
  "pausedAt",
  "dateTime",
  "createdAt",
  "updatedAt",
  "dateFinished",
];

/**
 * A "Document" row read with raw SQL (`RETURNING *`, `SELECT d.*`) as the Prisma model type: the drivers already
 * give numbers and parsed JSON; timestamps are made Date objects whatever form the driver returned them in.
 */
export function documentFromRow(row: Record<string, unknown>): Document {
  const document = { ...row } as Record<string, unknown>;
  for (const column of DATE_COLUMNS) {
    const value = document[column];
    if (value != null && !(value instanceof Date)) document[column] = new Date(value as string);
  }
  if (typeof document.filledColumns === "string") document.filledColumns = JSON.parse(document.filledColumns);
  return document as unknown as Document;
}
