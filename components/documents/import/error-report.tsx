"use client";

import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button.tsx";
import { useErrorText } from "@/lib/api-client/error-text.ts";
import { spreadsheetFile } from "@/lib/csv/spreadsheet.ts";
import type { ImportRowError } from "@/lib/documents/import-rows.ts";
import { usePathLabel } from "./row-errors.tsx";

/** "Baixar relatório de erros": linha;coluna;problema, in the user's language, as a spreadsheet opens it. */
export function ErrorReportButton({ errors, fileName }: { errors: ImportRowError[]; fileName: string }) {
  const t = useTranslations("csv.import");
  const errorText = useErrorText();
  const pathLabel = usePathLabel();
  if (!errors.length) return null;
  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={() => {
        const text = spreadsheetFile(
          [t("report.row"), t("report.column"), t("report.problem")],
          errors.map((error) => [String(error.row), pathLabel(error.path), errorText.field(error)]),
        );
        const url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
        const link = document.createElement("a");
        link.href = url;
        link.download = fileName;
        document.body.append(link);
        link.click();
        link.remove();
        setTimeout(() => URL.revokeObjectURL(url), 10_000);
      }}
    >
      {t("report.download")}
    </Button>
  );
}
