"use client";

import { useTranslations } from "use-intl";
import { Alert } from "@/components/ui/feedback.tsx";
import { DataTable } from "@/components/ui/table.tsx";
import { IMPORT_FIELDS, type ImportField } from "@/lib/documents/import-rows.ts";
import { StepSection } from "./step-section.tsx";
import type { Mapping, ParsedFile, Target } from "./import-mapping.ts";

/** Step 2: each header of the file → a document field, a product column, or ignored. */
export function MappingStep({
  parsed,
  mapping,
  missing,
  onTarget,
}: {
  parsed: ParsedFile;
  mapping: Mapping;
  /** Required fields no header feeds. */
  missing: ImportField[];
  onTarget: (header: string, target: Target) => void;
}) {
  const t = useTranslations("csv.import");
  return (
    <StepSection title={t("mapping.title")}>
      <DataTable
        label={t("mapping.title")}
        rows={parsed.headers}
        rowKey={(header) => header}
        columns={[
          { key: "header", label: t("mapping.header"), rowHeader: true, cell: (header) => header },
          {
            key: "sample",
            label: t("mapping.sample"),
            cellClassName: "max-w-48 truncate text-slate-700",
            cell: (header) => parsed.rows[0]?.[header],
          },
          {
            key: "field",
            label: t("mapping.field"),
            cell: (header) => (
              <select
                aria-label={t("mapping.fieldFor", { header })}
                className="w-full rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
                value={mapping[header] ?? "column"}
                onChange={(event) => onTarget(header, event.target.value as Target)}
              >
                {IMPORT_FIELDS.map((field) => (
                  <option key={field} value={field}>
                    {t(`fields.${field}`)}
                  </option>
                ))}
                <option value="column">{t("mapping.column")}</option>
                <option value="ignore">{t("mapping.ignore")}</option>
              </select>
            ),
          },
        ]}
      />
      {missing.length ? (
        <div className="mt-3">
          <Alert tone="warning">
            {t("mapping.missing", { fields: missing.map((field) => t(`fields.${field}`)).join(", ") })}
          </Alert>
        </div>
      ) : null}
    </StepSection>
  );
}
