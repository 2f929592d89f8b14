import "server-only";
import { hasRole, type Actor } from "../../auth/actor.ts";
import { recordPersonalDataAccess } from "../../audit/server/record-personal-data-access.ts";
import { formatColumnValue } from "../../columns/values.ts";
import { getDb, Prisma } from "../../db/client.ts";
import { AppError, forbidden } from "../../errors/app-error.ts";
import { DEFAULT_TIME_ZONE } from "../../sla/calendar.ts";
import { wallClock } from "../../time/zone.ts";
import { applyMaskingPolicy, maskedFieldsFor } from "./masking-policy.ts";
import { documentFilterSql } from "./document-filter-sql.ts";
import { EXPORT_BASE_COLUMNS, type ExportBaseColumn, type ExportOptions, ZExportOptions } from "../export-columns.ts";
import type { DocumentFilters } from "../search-schema.ts";

// Spreadsheet export of exactly the filtered set of the documents list, streamed: keyset pages of EXPORT_BATCH_SIZE
// rows by id, each page formatted and pushed to the response as soon as it is read, so memory stays flat whatever the
// size of the set (see docs/benchmarks.md). The file is what a Brazilian Excel/LibreOffice opens as columns: `;`,
// UTF-8 with BOM, date-times in America/Sao_Paulo as dd/mm/aaaa hh:mm, numbers with a decimal comma, Portuguese
// headers and labels. Personal data follows the masking policy of the caller's role; the unmasked file is an
// admin's right, needs a reason and is audited with its row count before the first byte leaves
// (docs/decisions/0019-csv-and-spreadsheet-import-export.md).

export const EXPORT_BATCH_SIZE = 1000;

export const BASE_COLUMNS = EXPORT_BASE_COLUMNS;
type BaseColumn = ExportBaseColumn;

/** The Portuguese header of each base column (product columns use their own label). */
export const BASE_COLUMN_HEADERS: Record<BaseColumn, string> = {
  id: "ID",
  protocol: "Protocolo",
  cpf: "CPF/CNPJ",
  name: "Nome",
  email: "E-mail",
  phone: "Telefone",
  status: "Status",
  category: "Categoria",
  product: "Produto",
  modality: "Modalidade",
  sla_total: "SLA (horas)",
  sla_end: "Prazo do SLA",
  created_at: "Criado em",
  updated_at: "Atualizado em",
  date_finished: "Finalizado em",
};

export { ZExportOptions, type ExportOptions };

const dateTimeFormat = new Intl.DateTimeFormat("pt-BR", {
  timeZone: DEFAULT_TIME_ZONE,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** A number as a pt-BR spreadsheet reads it as a number: decimal comma, no thousands dots. */
const spreadsheetNumber = (value: number) => String(value).replace(".", ",");

export function cell(value: unknown, type?: string): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return null;
    return spreadsheetNumber(value);
  }
  if (value instanceof Date) return dateTimeFormat.format(value).replace(",", "");
  if (typeof value === "boolean") return value ? "Sim" : "Não";
  if (type && typeof value === "string") return formatColumnValue(type, value);
  if (typeof value === "string") return value;
  return JSON.stringify(value);
}

/**
 * The export's rows before any file format: the header, each column's product type (undefined for base columns),
 * and `nextBatch()` giving the next keyset page as raw values (numbers, Dates, text, masked personal data) — null
 * when done. The CSV and the XLSX are two ways of writing the same rows (the same columns, masking and audit).
 */
export type ExportSource = {
  total: number;
  header: string[];
  types: Array<string | undefined>;
  nextBatch: () => Promise<unknown[][] | null>;
};

/**
 * Counts the filtered set, fixes its upper id (documents created during the download are not included), and returns
 * the rows' source. Personal data (cpf, name, e-mail, phone) is masked by the role's masking policy unless
 * `unmasked` is asked for by an admin with a reason. Either way one audit row (clear or not, row count, reason,
 * columns, filter, format) is written first; a CPF filter is kept as the row's subject hash, never in clear.
 */
export async function prepareExportSource(
  actor: Actor,
  filters: DocumentFilters,
  input: ExportOptions,
  format: "csv" | "xlsx",
  rowLimit?: number,
): Promise<ExportSource> {
  const options = ZExportOptions.parse(input);
  if (options.unmasked) {
    if (!hasRole(actor, "admin"))
      throw forbidden("Your role does not allow an unmasked export", { code: "export_unmasked_forbidden" });
    if (!options.reason || options.reason.length < 5) {
      throw new AppError("invalid", "Invalid parameters", {
        errors: [
          {
            path: "reason",
            message: "Say why the unmasked export is needed (5 characters or more)",
            code: "reason_required",
          },
        ],
      });
    }
  }
  const db = await getDb();
  const instanceId = actor.instanceId;
  // The list's own WHERE clause, so the file holds exactly the documents the list shows for these filters.
  // A typed text searches what the role's policy lets it search, as in the list (an unmasked file does not widen it).
  const where = await documentFilterSql(instanceId, filters, new Date(), actor.userId, await maskedFieldsFor(actor));
  const [summary] = await db.$queryRaw<Array<{ total: number; max_id: number | null }>>(
    Prisma.sql`SELECT count(*)::int AS total, max(d.id) AS max_id FROM "Document" d WHERE ${where}`,
  );
  const total = Number(summary?.total ?? 0);
  if (rowLimit !== undefined && total > rowLimit) {
    throw new AppError("invalid", `An XLSX export holds at most ${rowLimit} rows; filter further or export CSV`, {
      code: "export_too_large",
      params: { max: rowLimit, total },
    });
  }
  const maxId = Number(summary?.max_id ?? 0);
  const productIds = (
    await db.$queryRaw<Array<{ productId: number }>>(
      Prisma.sql`SELECT DISTINCT d."productId" FROM "Document" d WHERE ${where}`,
    )
  ).map((row) => row.productId);

  const [statuses, products, productColumns] = [
    await db.status.findMany({
      where: { instanceId },
      select: { id: true, name: true, category: { select: { key: true, label: true } } },
    }),
    await db.product.findMany({ where: { instanceId }, select: { id: true, name: true } }),
    await db.productColumn.findMany({
      where: { productId: { in: productIds }, product: { instanceId } },
      orderBy: [{ productId: "asc" }, { order: "asc" }, { id: "asc" }],
      select: { key: true, label: true, type: true },
    }),
  ];
  const statusById = new Map(statuses.map((status) => [status.id, status]));
  const productNameById = new Map(products.map((product) => [product.id, product.name]));
  const columnByKey = new Map<string, { key: string; label: string; type: string }>();
  for (const column of productColumns) if (!columnByKey.has(column.key)) columnByKey.set(column.key, column);
  const wanted = options.columns ? new Set(options.columns) : null;
  const baseColumns = BASE_COLUMNS.filter((key) => !wanted || wanted.has(key));
  const reserved = new Set<string>(BASE_COLUMNS);
  const extraColumns = [...columnByKey.values()].filter(
    (column) => !wanted || wanted.has(column.key) || wanted.has(`filled_columns.${column.key}`),
  );
  const unknown = options.columns?.filter(
    (key) => !reserved.has(key) && !columnByKey.has(key.replace(/^filled_columns\./, "")),
  );
  if (unknown?.length) {
    throw new AppError("invalid", "Invalid parameters", {
      errors: unknown.map((key) => ({
        path: "columns",
        message: `Unknown column "${key}"`,
        code: "unknown_column",
        params: { value: key },
      })),
    });
  }
  const usedHeaders = new Set<string>(baseColumns.map((key) => BASE_COLUMN_HEADERS[key]));
  const header = [
    ...baseColumns.map((key) => BASE_COLUMN_HEADERS[key]),
    ...extraColumns.map((column) => {
      const label =
        usedHeaders.has(column.label) || reserved.has(column.key) ? `${column.label} (${column.key})` : column.label;
      usedHeaders.add(label);
      return label;
    }),
  ];
  const masked = options.unmasked ? new Set<never>() : await maskedFieldsFor(actor);
  // Every export is a read of the people in it: one audit row, in clear or masked, with the reason when in clear.
  const { cpf: cpfFilter, ...otherFilters } = filters;
  await recordPersonalDataAccess(db, actor, {
    action: "document.export",
    cpf: cpfFilter,
    reason: options.unmasked ? options.reason! : null,
    details: {
      clear: options.unmasked,
      rows: total,
      columns: [...baseColumns, ...extraColumns.map((column) => column.key)],
      filter: { ...otherFilters, ...(cpfFilter ? { cpf: "hash" } : {}) } as Record<string, unknown>,
      format,
    },
  });

  let lastId = 0;
  let done = maxId === 0;
  async function nextBatch(): Promise<unknown[][] | null> {
    if (done) return null;
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
    if (batch.length < EXPORT_BATCH_SIZE) done = true;
    if (batch.length === 0) return null;
    lastId = batch.at(-1)!.id;
    return batch.map((document) => {
      const status = statusById.get(document.statusId);
      const filled = (document.filledColumns ?? {}) as Record<string, unknown>;
      const personal = applyMaskingPolicy(document, masked);
      const values: Record<BaseColumn, unknown> = {
        id: document.id,
        protocol: document.protocol,
        cpf: personal.cpf,
        name: personal.name,
        email: personal.email,
        phone: personal.phone,
        status: status?.name,
        category: status?.category.label,
        product: productNameById.get(document.productId),
        modality: document.modalityIdentifier,
        sla_total: document.slaTotal,
        sla_end: document.slaEnd,
        created_at: document.createdAt,
        updated_at: document.updatedAt,
        date_finished: document.dateFinished,
      };
      return [...baseColumns.map((key) => values[key]), ...extraColumns.map((column) => filled[column.key])];
    });
  }
  const types = [...baseColumns.map(() => undefined), ...extraColumns.map((column) => column.type)];
  return { total, header, types, nextBatch };
}

/** The file name's stamp: YYYYMMDD-HHMM on the wall clock of America/Sao_Paulo. */
export function fileStamp(now: Date): string {
  const { year, month, day, hour, minute } = wallClock(now.getTime(), DEFAULT_TIME_ZONE);
  const two = (value: number) => String(value).padStart(2, "0");
  return `${year}${two(month)}${two(day)}-${two(hour)}${two(minute)}`;
}
