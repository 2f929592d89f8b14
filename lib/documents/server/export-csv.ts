import "server-only";
import Papa from "papaparse";
import { hasRole, type Actor } from "../../auth/actor.ts";
import { getDb, Prisma } from "../../db/client.ts";
import { maskIdentifier } from "../../identifiers/identifiers.ts";
import { log } from "../../log.ts";
import { DEFAULT_TIME_ZONE } from "../../sla/calendar.ts";
import { maskEmail, maskName, maskPhone } from "../mask.ts";
import { documentFilterSql } from "./search.ts";
import type { DocumentFilters } from "../search-schema.ts";

// CSV export of exactly the filtered set of the documents list, streamed: keyset pages of EXPORT_BATCH_SIZE rows by
// id, each page formatted with papaparse and pushed to the response as soon as it is read, so memory stays flat
// whatever the size of the set (see docs/benchmarks.md).

export const EXPORT_BATCH_SIZE = 1000;

export const BASE_COLUMNS = [
  "id",
  "protocol",
  "cpf",
  "name",
  "email",
  "phone",
  "status",
  "category",
  "product",
  "modality",
  "sla_total",
  "sla_end",
  "created_at",
  "updated_at",
  "date_finished",
] as const;

const BOM = "\uFEFF";
const encoder = new TextEncoder();

/** Spreadsheets run cells starting with = + - @ (or tab / CR) as formulas: a leading quote makes them text. */
export function neutralizeFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function cell(value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "boolean") return value ? "true" : "false";
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "string") return neutralizeFormula(value);
  return neutralizeFormula(JSON.stringify(value));
}

// What viewers see of personal data (staff and admins get it in full): the same masks as the list.
const masked = (mask: (value: string) => string) => (value: string | null) => (value ? mask(value) : value);

export type DocumentExport = {
  total: number;
  header: string[];
  fileName: string;
  stream: ReadableStream<Uint8Array>;
};

/**
 * Counts the filtered set, fixes its upper id (documents created during the download are not included), and returns
 * the CSV as a stream. Personal data (cpf, name, e-mail, phone) is masked unless the actor is staff or admin.
 */
export async function prepareDocumentExport(actor: Actor, filters: DocumentFilters): Promise<DocumentExport> {
  const db = await getDb();
  const instanceId = actor.instanceId;
  // The list's own WHERE clause, so the file holds exactly the documents the list shows for these filters.
  const where = await documentFilterSql(instanceId, filters);
  const [summary] = await db.$queryRaw<Array<{ total: number; max_id: number | null }>>(
    Prisma.sql`SELECT count(*)::int AS total, max(d.id) AS max_id FROM "Document" d WHERE ${where}`,
  );
  const total = Number(summary?.total ?? 0);
  const maxId = Number(summary?.max_id ?? 0);
  const productIds = (
    await db.$queryRaw<Array<{ productId: number }>>(
      Prisma.sql`SELECT DISTINCT d."productId" FROM "Document" d WHERE ${where}`,
    )
  ).map((row) => row.productId);

  const [statuses, products, productColumns] = [
    await db.status.findMany({
      where: { instanceId },
      select: { id: true, name: true, category: { select: { key: true } } },
    }),
    await db.product.findMany({ where: { instanceId }, select: { id: true, name: true } }),
    await db.productColumn.findMany({
      where: { productId: { in: productIds }, product: { instanceId } },
      orderBy: [{ productId: "asc" }, { order: "asc" }, { id: "asc" }],
      select: { key: true },
    }),
  ];
  const statusById = new Map(statuses.map((status) => [status.id, status]));
  const productNameById = new Map(products.map((product) => [product.id, product.name]));
  const columnKeys = [...new Set(productColumns.map((column) => column.key))];
  const reserved = new Set<string>(BASE_COLUMNS);
  const header = [...BASE_COLUMNS, ...columnKeys.map((key) => (reserved.has(key) ? `filled_columns.${key}` : key))];
  const showPersonal = hasRole(actor, "staff");

  let lastId = 0;
  let done = maxId === 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(`${BOM}${Papa.unparse([header.map(cell)], { newline: "\r\n" })}\r\n`));
        if (done) controller.close();
      },
      async pull(controller) {
        if (done) return;
        try {
          const batchIds = (
            await db.$queryRaw<Array<{ id: number }>>(
              Prisma.sql`SELECT d.id FROM "Document" d WHERE ${where} AND d.id > ${lastId}::int AND d.id <= ${maxId}::int
                ORDER BY d.id LIMIT ${EXPORT_BATCH_SIZE}::int`,
            )
          ).map((row) => row.id);
          const batch = await db.document.findMany({
            where: { id: { in: batchIds } },
            orderBy: { id: "asc" },
            take: EXPORT_BATCH_SIZE,
            select: {
              id: true,
              protocol: true,
              cpf: true,
              name: true,
              email: true,
              phone: true,
              statusId: true,
              productId: true,
              modalityIdentifier: true,
              slaTotal: true,
              slaEnd: true,
              createdAt: true,
              updatedAt: true,
              dateFinished: true,
              filledColumns: true,
            },
          });
          if (batch.length === 0) {
            done = true;
            controller.close();
            return;
          }
          lastId = batch.at(-1)!.id;
          const rows = batch.map((document) => {
            const status = statusById.get(document.statusId);
            const filled = (document.filledColumns ?? {}) as Record<string, unknown>;
            return [
              document.id,
              document.protocol,
              showPersonal ? document.cpf : maskIdentifier(document.cpf),
              showPersonal ? document.name : masked(maskName)(document.name),
              showPersonal ? document.email : masked(maskEmail)(document.email),
              showPersonal ? document.phone : masked(maskPhone)(document.phone),
              status?.name,
              status?.category.key,
              productNameById.get(document.productId),
              document.modalityIdentifier,
              document.slaTotal,
              document.slaEnd,
              document.createdAt,
              document.updatedAt,
              document.dateFinished,
              ...columnKeys.map((key) => filled[key]),
            ].map(cell);
          });
          controller.enqueue(encoder.encode(`${Papa.unparse(rows, { newline: "\r\n" })}\r\n`));
          if (batch.length < EXPORT_BATCH_SIZE) {
            done = true;
            controller.close();
          }
        } catch (error) {
          done = true;
          log.error("documents.export_failed", {
            instance_id: instanceId,
            after_id: lastId,
            error: error instanceof Error ? error.name : "unknown",
          });
          controller.error(error);
        }
      },
      cancel() {
        done = true;
      },
    },
    { highWaterMark: 1 },
  );
  return { total, header, fileName: `documentos-${fileStamp(new Date())}.csv`, stream };
}

const stampFormatter = new Intl.DateTimeFormat("en-CA", {
  timeZone: DEFAULT_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

function fileStamp(now: Date): string {
  const parts = Object.fromEntries(stampFormatter.formatToParts(now).map((part) => [part.type, part.value]));
  return `${parts.year}${parts.month}${parts.day}-${parts.hour}${parts.minute}`;
}
