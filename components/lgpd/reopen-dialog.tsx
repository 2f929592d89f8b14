"use client";

import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button.tsx";
import { Dialog } from "@/components/ui/dialog.tsx";
import { TextAreaField, TextField } from "@/components/ui/field.tsx";
import { Alert } from "@/components/ui/feedback.tsx";
import { useZodForm } from "@/components/ui/zod-form.ts";
import { useErrorText } from "@/lib/api-client/error-text.ts";
import type { SerializedLgpdRequest } from "@/lib/api-client/lgpd.ts";
import { useReopenDeletion } from "@/lib/api-client/lgpd-steering.ts";
import { isValidCpf } from "@/lib/identifiers/identifiers.ts";
import { ZLgpdReopenBody } from "@/lib/lgpd/schemas.ts";
import { useDateTime } from "./use-date-time.ts";

/** The route's body, and a CPF whose check digits add up (a typo is caught before the server's hash comparison). */
const reopenSchema = ZLgpdReopenBody.refine((body) => isValidCpf(body.cpf), { path: ["cpf"] });

/**
 * Reopens a denied deletion, on purpose: the dialog says what the denial was and that reopening sends the request
 * back to review (never straight to the erasure); the officer types the CPF again (a denied request keeps none
 * readable) and why the decision is reopened, which the audit trail keeps beside the denial's reason.
 */
export function ReopenDialog({
  request,
  onClose,
  onDone,
}: {
  request: SerializedLgpdRequest | null;
  onClose: () => void;
  onDone: (id: number) => void;
}) {
  const t = useTranslations("lgpd.reopen");
  const tc = useTranslations("common");
  const errorText = useErrorText();
  const when = useDateTime();
  const reopen = useReopenDeletion();
  const form = useZodForm<{ cpf: string; reason: string }>({
    schema: reopenSchema,
    fields: ["cpf", "reason"],
    messages: { cpf: t("invalidCpf") },
    defaultValues: { cpf: "", reason: "" },
  });

  function close() {
    form.reset();
    reopen.reset();
    onClose();
  }

  const submit = form.handleSubmit(async (body) => {
    if (!request) return;
    try {
      await reopen.mutateAsync({ id: request.id, ...body });
      onDone(request.id);
      close();
    } catch (error) {
      form.showServerError(error, () => errorText.text(error));
    }
  });

  return (
    <Dialog open={request !== null} title={t("title", { id: request?.id ?? "" })} onClose={close}>
      {request ? (
        <form onSubmit={submit} noValidate className="space-y-4">
          <p className="text-sm text-slate-700">
            {t("denial", {
              date: when(request.reviewed_at ?? request.processed_at),
              reason: request.review_reason ?? "—",
            })}
          </p>
          <Alert tone="warning">{t("effect")}</Alert>
          {form.rootError ? <Alert>{form.rootError}</Alert> : null}
          <TextField
            label={t("cpf")}
            inputMode="numeric"
            autoComplete="off"
            maxLength={14}
            hint={t("cpfHint", { masked: request.cpf_masked })}
            error={form.fieldError("cpf")}
            required
            autoFocus
            {...form.register("cpf")}
          />
          <TextAreaField
            label={t("reason")}
            rows={3}
            maxLength={500}
            hint={t("reasonHint")}
            error={form.fieldError("reason")}
            required
            {...form.register("reason")}
          />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={close}>
              {tc("actions.cancel")}
            </Button>
            <Button type="submit" disabled={reopen.isPending}>
              {reopen.isPending ? t("submitting") : t("submit")}
            </Button>
          </div>
        </form>
      ) : null}
    </Dialog>
  );
}
