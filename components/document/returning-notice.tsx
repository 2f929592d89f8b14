"use client";

import { useFormatter, useTranslations } from "use-intl";
import { Alert } from "@/components/ui/feedback.tsx";
import type { StaffDocumentView } from "@/lib/api-client/document.ts";

/** Shown when the document's CPF had been erased at the data subject's request before the document was created. */
export function ReturningNotice({ view }: { view: Pick<StaffDocumentView, "lgpd_returning"> }) {
  const t = useTranslations("lgpdSteering.returning");
  const format = useFormatter();
  if (!view.lgpd_returning) return null;
  return (
    <div data-testid="lgpd-returning">
      <Alert tone="warning">
        {t("notice", { date: format.dateTime(new Date(view.lgpd_returning.erased_at), { dateStyle: "short" }) })}
      </Alert>
    </div>
  );
}
