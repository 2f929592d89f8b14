"use client";

import { useTranslations } from "use-intl";
import { Alert } from "@/components/ui/feedback.tsx";
import { DataTable } from "@/components/ui/table.tsx";
import { useErrorText } from "@/lib/api-client/error-text.ts";
import type { ImportRowError } from "@/lib/documents/import-rows.ts";
import { StepSection } from "./step-section.tsx";
import type { Mapping, ParsedFile } from "./import-mapping.ts";
import { ErrorReportButton } from "./error-report.tsx";
import { RowErrorList, usePathLabel } from "./row-errors.tsx";

const PREVIEW_ROWS = 10;

type PreviewRow = { number: number; values: Record<string, string> };

/** Step 3: the first rows as they will be imported, each with the errors the server would refuse it for. */
export function PreviewStep({
  parsed,
  mapping,
  rowErrors,
}: {
  parsed: ParsedFile;
  mapping: Mapping;
  rowErrors: ImportRowError[];
}) {
  const t = useTranslations("csv.import");
  const errorText = useErrorText();
  const pathLabel = usePathLabel();
  const errorsByRow = new Map<number, ImportRowError[]>();
  for (const error of rowErrors) errorsByRow.set(error.row, [...(errorsByRow.get(error.row) ?? []), error]);
  const headers = parsed.headers.filter((header) => mapping[header] !== "ignore");
  const label = (header: string) => {
    const target = mapping[header]!;
    return target === "ignore" || target === "column" ? header : t(`fields.${target}`);
  };
  const rows: PreviewRow[] = parsed.rows.slice(0, PREVIEW_ROWS).map((values, index) => ({ number: index + 1, values }));

  return (
    <StepSection title={t("preview.title")}>
      <DataTable
        label={t("preview.title")}
        caption={t("preview.caption", { count: rows.length })}
        rows={rows}
        rowKey={(row) => row.number}
        rowClassName={(row) => (errorsByRow.has(row.number) ? "bg-red-50" : "")}
        columns={[
          { key: "__row", label: t("preview.row"), rowHeader: true, cell: (row) => row.number },
          ...headers.map((header) => ({
            key: header,
            label: label(header),
            className: "whitespace-nowrap",
            cellClassName: "max-w-48 truncate",
            cell: (row: PreviewRow) => <span title={row.values[header]}>{row.values[header]}</span>,
          })),
          {
            key: "__errors",
            label: t("preview.errors"),
            cell: (row) => {
              const errors = errorsByRow.get(row.number);
              return errors ? (
                <ul className="text-red-800">
                  {errors.map((error) => (
                    <li key={`${error.path}-${error.message}`}>
                      {pathLabel(error.path)}: {errorText.field(error)}
                    </li>
                  ))}
                </ul>
              ) : (
                <span className="text-green-800">{t("preview.ok")}</span>
              );
            },
          },
        ]}
      />
      <div className="mt-3 space-y-2">
        {rowErrors.length === 0 ? (
          <Alert tone="success">{t("preview.summaryOk", { rows: parsed.rows.length })}</Alert>
        ) : (
          <Alert tone="warning">
            <p>{t("preview.summaryErrors", { count: errorsByRow.size })}</p>
            <RowErrorList errors={rowErrors} title={t("preview.allErrors")} />
            <div className="mt-2">
              <ErrorReportButton errors={rowErrors} fileName="erros-previa-importacao.csv" />
            </div>
          </Alert>
        )}
      </div>
    </StepSection>
  );
}
