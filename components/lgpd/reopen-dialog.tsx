"use client";

import { useTranslations } from "use-intl";
import { TextAreaField } from "@/components/ui/field.tsx";
import { Alert } from "@/components/ui/feedback.tsx";
import type { SerializedLgpdRequest } from "@/lib/api-client/lgpd.ts";
import { useReopenDeletion } from "@/lib/api-client/lgpd-steering.ts";
import { isValidCpf } from "@/lib/identifiers/identifiers.ts";
import { ZLgpdReopenBody } from "@/lib/lgpd/schemas.ts";
import { CpfCheckDialog } from "./cpf-check-dialog.tsx";
import { useDateTime } from "./use-date-time.ts";

/** The route's body, and a CPF whose check digits add up (a typo is caught before the server's hash comparison). */
const reopenSchema = ZLgpdReopenBody.refine((body) => isValidCpf(body.cpf), { path: ["cpf"] });

/**
 * Reopens a denied deletion, on purpose: the dialog says what the denial was and that reopening sends the request
 * back to review (never straight to the erasure); the officer types the CPF again (CpfCheckDialog) and why the
 * decision is reopened, which the audit trail keeps beside the denial's reason.
 */
export function ReopenDialog(props: {
  request: SerializedLgpdRequest | null;
  onClose: () => void;
  onDone: (id: number) => void;
}) {
  const t = useTranslations("lgpd.reopen");
  const when = useDateTime();
  const reopen = useReopenDeletion();
  return (
    <CpfCheckDialog
      {...props}
      namespace="lgpd.reopen"
      schema={reopenSchema}
      defaultValues={{ cpf: "", reason: "" }}
      mutation={reopen}
      intro={(request) => (
        <>
          <p className="text-sm text-slate-700">
            {t("denial", {
              date: when(request.reviewed_at ?? request.processed_at),
              reason: request.review_reason ?? "—",
            })}
          </p>
          <Alert tone="warning">{t("effect")}</Alert>
        </>
      )}
      cpfHint={(request) => t("cpfHint", { masked: request.cpf_masked })}
      moreFields={(form) => (
        <TextAreaField
          label={t("reason")}
          rows={3}
          maxLength={500}
          hint={t("reasonHint")}
          error={form.fieldError("reason")}
          required
          {...form.register("reason")}
        />
      )}
    />
  );
}
