import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { SPREADSHEET_BOM, spreadsheetLines } from "../../csv/spreadsheet.ts";
import { log } from "../../log.ts";
import type { DocumentFilters } from "../search-schema.ts";
import { cell, type ExportOptions, fileStamp, prepareExportSource } from "./export-source.ts";

// POST /api/documents/export.csv: the rows of ./export-source.ts as a streamed CSV.

const encoder = new TextEncoder();

type DocumentExport = {
  total: number;
  header: string[];
  fileName: string;
  stream: ReadableStream<Uint8Array>;
};

/** The filtered documents as a streamed spreadsheet CSV (`;`, BOM, pt-BR values): see prepareExportSource. */
export async function prepareDocumentExport(
  ctx: UseCaseContext,
  input: { filters: DocumentFilters; options?: ExportOptions },
): Promise<DocumentExport> {
  const { actor } = ctx;
  const source = await prepareExportSource(actor, input.filters, input.options ?? {}, "csv");
  const { total, header, types } = source;
  let finished = false;
  const stream = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(`${SPREADSHEET_BOM}${spreadsheetLines([header])}`));
      },
      async pull(controller) {
        if (finished) return;
        try {
          const rows = await source.nextBatch();
          if (!rows) {
            finished = true;
            controller.close();
            return;
          }
          controller.enqueue(encoder.encode(spreadsheetLines(rows.map((row) => row.map((v, i) => cell(v, types[i]))))));
        } catch (error) {
          finished = true;
          log.error("documents.export_failed", {
            instance_id: actor.instanceId,
            error: error instanceof Error ? error.name : "unknown",
          });
          controller.error(error);
        }
      },
      cancel() {
        finished = true;
      },
    },
    { highWaterMark: 1 },
  );
  return { total, header, fileName: `documentos-${fileStamp(new Date())}.csv`, stream };
}
