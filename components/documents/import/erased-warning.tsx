"use client";

import { useMemo } from "react";
import { useTranslations } from "use-intl";
import { Alert } from "@/components/ui/feedback.tsx";
import { useErasedIdentifiers } from "@/lib/api-client/lgpd-steering.ts";

const LISTED_ROWS = 20;

/**
 * The import preview's warning for rows whose CPF was erased before at the data subject's request:
 * the server compares the keyed hashes of deletion receipts and answers positions only.
 */
export function ErasedIdentifierWarning({ cpfs }: { cpfs: string[] }) {
  const t = useTranslations("lgpdSteering.returning");
  const key = useMemo(() => cpfs.map((cpf) => cpf.trim()), [cpfs]);
  const check = useErasedIdentifiers(key);
  const erased = check.data?.erased ?? [];
  if (erased.length === 0) return null;
  const rows = erased.slice(0, LISTED_ROWS).map((index) => index + 1);
  return (
    <div data-testid="import-erased-warning">
      <Alert tone="warning">
        {t("importWarning", {
          count: erased.length,
          rows: `${rows.join(", ")}${erased.length > LISTED_ROWS ? "…" : ""}`,
        })}
      </Alert>
    </div>
  );
}
