"use client";

import { useTranslations } from "use-intl";
import { Alert } from "@/components/ui/feedback.tsx";
import { useErasedIdentifiers, type ErasedCheckRows } from "@/lib/api-client/lgpd-steering.ts";

const LISTED_ROWS = 20;

/**
 * The import preview's warning for rows whose CPF was erased before at the data subject's request:
 * the browser sends the import's own rows, the server looks up those the import would write (keyed hashes of the
 * deletion receipts) and answers positions only.
 */
export function ErasedIdentifierWarning({ rows }: { rows: ErasedCheckRows }) {
  const t = useTranslations("lgpdSteering.returning");
  const check = useErasedIdentifiers(rows);
  const erased = check.data?.erased ?? [];
  if (erased.length === 0) return null;
  const listed = erased.slice(0, LISTED_ROWS).map((index) => index + 1);
  return (
    <div data-testid="import-erased-warning">
      <Alert tone="warning">
        {t("importWarning", {
          count: erased.length,
          rows: `${listed.join(", ")}${erased.length > LISTED_ROWS ? "…" : ""}`,
        })}
      </Alert>
    </div>
  );
}
