import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { prismaRunner } from "../../db/raw-query.ts";
import { inTransaction } from "../../db/transaction.ts";
import { AppError } from "../../errors/app-error.ts";
import { createDocumentInTx } from "./create-document.ts";
import { loadImportCatalog } from "./load-import-catalog.ts";
import { toCreateInput, type ImportRowError } from "../import-rows.ts";
import type { CreateDocumentInput } from "../schemas.ts";

// CSV import: every row is validated first (document/create's schema, status/product names, typed columns read the
// pt-BR way, required columns, CPF/CNPJ check digits). All or nothing by default: if any row fails nothing is written
// and the answer lists each row's errors. With `validOnly` ("importar as linhas válidas") the valid rows are written
// and the others come back in `skipped` for the error report. The rows written are created in ONE transaction with
// document/create's own logic, so a failure half-way (a status deleted meanwhile) rolls back all.

/** A transaction of 5,000 creates takes seconds on PGlite; give it room beyond the default 30 s. */
const IMPORT_TIMEOUT_MS = 180_000;
const MAX_LISTED_ERRORS = 1000;

export async function importDocuments(
  ctx: UseCaseContext,
  { rows, validOnly }: { rows: Array<Record<string, unknown>>; validOnly?: boolean },
): Promise<{ imported: number; ids: number[]; skipped?: ImportRowError[] }> {
  const { actor } = ctx;
  const instanceId = actor.instanceId;
  const catalog = await loadImportCatalog(instanceId);

  const inputs: Array<{ row: number; input: CreateDocumentInput }> = [];
  const errors: ImportRowError[] = [];
  rows.forEach((row, index) => {
    const result = toCreateInput(row, catalog);
    if (result.input) inputs.push({ row: index + 1, input: result.input });
    for (const error of result.errors) errors.push({ row: index + 1, ...error });
  });
  if (errors.length && !validOnly) throw rowErrors(errors);
  if (!inputs.length) throw rowErrors(errors);

  const ids = await inTransaction(
    async (tx) => {
      const created: number[] = [];
      for (const { row, input } of inputs) {
        try {
          created.push((await createDocumentInTx(prismaRunner(tx), ctx, input)).id);
        } catch (error) {
          if (error instanceof AppError && error.kind === "invalid") {
            const { code, params } = error;
            throw rowErrors([{ row, path: "(row)", message: error.message, code, params }]);
          }
          throw error;
        }
      }
      return created;
    },
    { timeoutMs: IMPORT_TIMEOUT_MS },
  );
  return validOnly
    ? { imported: ids.length, ids, skipped: errors.slice(0, MAX_LISTED_ERRORS) }
    : { imported: ids.length, ids };
}

function rowErrors(errors: ImportRowError[]): AppError {
  const rowsWithErrors = new Set(errors.map((error) => error.row)).size;
  return new AppError("invalid", `Invalid parameters: ${rowsWithErrors} row(s) have errors; nothing was imported`, {
    errors: errors.slice(0, MAX_LISTED_ERRORS),
    code: "import_rows_invalid",
    params: { rows: rowsWithErrors },
  });
}
