"use client";

import Link from "next/link";
import { useTranslations } from "use-intl";
import { Alert } from "@/components/ui/feedback.tsx";
import { useErrorText } from "@/lib/api-client/error-text.ts";
import { ErrorReportButton } from "./error-report.tsx";
import { RowErrorList } from "./row-errors.tsx";
import type { ImportOutcome as Outcome } from "./use-import-documents.ts";

/** The server's answer: how many were imported, or why the whole file was refused. */
export function ImportOutcome({ outcome }: { outcome: Outcome | null }) {
  const t = useTranslations("csv.import");
  const errorText = useErrorText();
  if (!outcome) return null;
  if (outcome.kind === "success") {
    return (
      <Alert tone={outcome.skipped.length ? "warning" : "success"}>
        {outcome.skipped.length
          ? t("successPartial", {
              count: outcome.imported,
              skipped: new Set(outcome.skipped.map((error) => error.row)).size,
            })
          : t("success", { count: outcome.imported })}{" "}
        <Link href="/documents" className="font-medium underline">
          {t("back")}
        </Link>
        {outcome.skipped.length ? (
          <div className="mt-2">
            <ErrorReportButton errors={outcome.skipped} fileName="erros-importacao.csv" />
          </div>
        ) : null}
      </Alert>
    );
  }
  if (outcome.kind === "failed") return <Alert>{t("refused", { message: errorText.text(outcome.error) })}</Alert>;
  return (
    <Alert>
      <p>
        {outcome.errors.length
          ? t("refusedRows", { count: new Set(outcome.errors.map((error) => error.row)).size })
          : t("refused", { message: errorText.text(outcome.error) })}
      </p>
      <RowErrorList errors={outcome.errors} title={t("serverErrors")} />
    </Alert>
  );
}
