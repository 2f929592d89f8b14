"use client";

import { useMemo, useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button.tsx";
import { Alert } from "@/components/ui/feedback.tsx";
import {
  MAX_IMPORT_ROWS,
  toCreateInput,
  type ImportCatalog,
  type ImportRowError,
} from "@/lib/documents/import-rows.ts";
import { FileStep } from "./import/file-step.tsx";
import {
  columnKeys,
  guessMapping,
  mapRow,
  REQUIRED_FIELDS,
  withTarget,
  type Mapping,
  type ParsedFile,
} from "./import/import-mapping.ts";
import { ImportOutcome } from "./import/import-outcome.tsx";
import { MappingStep } from "./import/mapping-step.tsx";
import { PreviewStep } from "./import/preview-step.tsx";
import { ErasedIdentifierWarning } from "./import/erased-warning.tsx";
import { useImportDocuments } from "./import/use-import-documents.ts";

/**
 * Upload → map headers → preview with per-row errors → import all rows in one request (all or nothing), or only the
 * valid rows, with a downloadable error report for the others.
 */
export function ImportWizard({ catalog }: { catalog: ImportCatalog }) {
  const t = useTranslations("csv.import");
  const [parsed, setParsed] = useState<ParsedFile | null>(null);
  const [mapping, setMapping] = useState<Mapping>({});
  const [fileKey, setFileKey] = useState(0);
  const importing = useImportDocuments();

  const keys = useMemo(() => columnKeys(catalog), [catalog]);
  const mappedRows = useMemo(
    () => (parsed ? parsed.rows.map((row) => mapRow(row, mapping, keys)) : []),
    [parsed, mapping, keys],
  );
  const rowErrors = useMemo<ImportRowError[]>(
    () =>
      mappedRows.flatMap((row, index) =>
        toCreateInput(row, catalog).errors.map((error) => ({ row: index + 1, ...error })),
      ),
    [mappedRows, catalog],
  );
  const mappedFields = new Set(Object.values(mapping));
  const missing = REQUIRED_FIELDS.filter((field) => !mappedFields.has(field));
  const tooMany = (parsed?.rows.length ?? 0) > MAX_IMPORT_ROWS;
  const validRows = (parsed?.rows.length ?? 0) - new Set(rowErrors.map((error) => error.row)).size;

  function onParsed(next: ParsedFile | null) {
    importing.reset();
    setParsed(next);
    if (next) setMapping(guessMapping(next.headers));
  }

  function reset() {
    setParsed(null);
    importing.reset();
    setFileKey((key) => key + 1);
  }

  return (
    <div className="space-y-6">
      <FileStep parsed={parsed} resetKey={fileKey} onParsed={onParsed} />

      {parsed && parsed.rows.length === 0 ? <Alert tone="warning">{t("empty")}</Alert> : null}
      {tooMany ? <Alert>{t("tooMany", { rows: parsed!.rows.length, max: MAX_IMPORT_ROWS })}</Alert> : null}

      {parsed && parsed.rows.length > 0 && !tooMany ? (
        <>
          <MappingStep
            parsed={parsed}
            mapping={mapping}
            missing={missing}
            onTarget={(header, target) => {
              setMapping((current) => withTarget(current, header, target));
              importing.reset();
            }}
          />
          <PreviewStep parsed={parsed} mapping={mapping} rowErrors={rowErrors} />
          {/* The rows the preview checks against CPFs erased before (LGPD; a warning, not an error). */}
          <ErasedIdentifierWarning rows={mappedRows} />
          <div className="flex flex-wrap items-center gap-3">
            <Button
              onClick={() => importing.mutate({ rows: mappedRows })}
              // The server would refuse the whole file while the preview shows errors: fix the file first.
              disabled={
                importing.isPending ||
                missing.length > 0 ||
                rowErrors.length > 0 ||
                importing.outcome?.kind === "success"
              }
            >
              {importing.isPending ? t("submitting") : t("submit", { rows: parsed.rows.length })}
            </Button>
            {rowErrors.length > 0 && validRows > 0 && missing.length === 0 ? (
              <Button
                variant="secondary"
                onClick={() => importing.mutate({ rows: mappedRows, validOnly: true })}
                disabled={importing.isPending || importing.outcome?.kind === "success"}
              >
                {t("submitValid", { rows: validRows })}
              </Button>
            ) : null}
            <Button variant="secondary" onClick={reset}>
              {t("again")}
            </Button>
          </div>
        </>
      ) : null}

      <ImportOutcome outcome={importing.outcome} />
    </div>
  );
}
