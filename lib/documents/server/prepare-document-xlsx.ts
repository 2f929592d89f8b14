import "server-only";
import writeXlsxFile, { type SheetData } from "write-excel-file/node";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import type { DocumentFilters } from "../search-schema.ts";
import { DEFAULT_TIME_ZONE, wallClock } from "../../time/zone.ts";
import { cell, type ExportOptions, fileStamp, prepareExportSource } from "./export-source.ts";

// POST /api/documents/export.xlsx: the rows of ./export-source.ts as an XLSX workbook.

/** XLSX files are built whole in memory (the library writes the zip at the end): this many rows at most. */
const XLSX_MAX_ROWS = 20_000;

/** A date-time as the wall clock in America/Sao_Paulo, as a spreadsheet date (which has no time zone). */
function saoPauloWallClock(value: Date): Date {
  const local = wallClock(value.getTime(), DEFAULT_TIME_ZONE);
  return new Date(Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second));
}

/** One XLSX cell: numbers as numbers (currency with R$), date-times and dates as dates, the rest as the CSV's text. */
function xlsxCell(value: unknown, type?: string): XlsxCell {
  if (value === null || value === undefined) return null;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return null;
    return type === "currency" ? { value, type: Number, format: '"R$" #,##0.00' } : { value, type: Number };
  }
  if (value instanceof Date) return { value: saoPauloWallClock(value), type: Date, format: "dd/mm/yyyy hh:mm" };
  if (type === "date" && typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return { value: new Date(`${value}T00:00:00Z`), type: Date, format: "dd/mm/yyyy" };
  }
  const text = cell(value, type);
  // A text cell is never a formula in XLSX (it is stored as a string), so no neutralising quote is needed.
  return text === null ? null : { value: text, type: String };
}

type XlsxCell = {
  value: number | Date | string;
  type: NumberConstructor | DateConstructor | StringConstructor;
  format?: string;
} | null;

/**
 * The same rows as the CSV (columns, masking, the unmasked export's audit) as an XLSX workbook: numbers as numbers,
 * date-times as dates in America/Sao_Paulo, Portuguese headers. At most XLSX_MAX_ROWS rows (400 export_too_large).
 */
export async function prepareDocumentXlsx(
  ctx: UseCaseContext,
  input: { filters: DocumentFilters; options?: ExportOptions },
) {
  const source = await prepareExportSource(ctx.actor, input.filters, input.options ?? {}, "xlsx", XLSX_MAX_ROWS);
  const rows: XlsxCell[][] = [
    source.header.map((text) => ({ value: text, type: String, fontWeight: "bold" }) as XlsxCell),
  ];
  for (let batch = await source.nextBatch(); batch; batch = await source.nextBatch()) {
    for (const row of batch) rows.push(row.map((value, index) => xlsxCell(value, source.types[index])));
  }
  const bytes = await writeXlsxFile(rows as SheetData, { sheet: "Documentos", stickyRowsCount: 1 }).toBuffer();
  return { total: source.total, bytes, fileName: `documentos-${fileStamp(new Date())}.xlsx` };
}
