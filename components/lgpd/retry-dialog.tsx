"use client";

import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button.tsx";
import { Dialog } from "@/components/ui/dialog.tsx";
import { TextField } from "@/components/ui/field.tsx";
import { Alert } from "@/components/ui/feedback.tsx";
import { useZodForm } from "@/components/ui/zod-form.ts";
import { useErrorText } from "@/lib/api-client/error-text.ts";
import { useRetryLgpdRequest, type SerializedLgpdRequest } from "@/lib/api-client/lgpd.ts";
import { isValidCpf } from "@/lib/identifiers/identifiers.ts";
import { ZRetryLgpdRequestBody } from "@/lib/lgpd/schemas.ts";

/** The route's body, and a CPF whose check digits add up (a typo is caught before the server's hash comparison). */
const retrySchema = ZRetryLgpdRequestBody.refine((body) => isValidCpf(body.cpf), { path: ["cpf"] });

/**
 * Re-queues an errored request. The admin re-types the CPF (processed requests keep none readable); the server
 * checks it against the request's hash. The typed CPF lives only in this form and is cleared when it closes.
 */
export function RetryDialog({
  request,
  onClose,
  onDone,
}: {
  request: SerializedLgpdRequest | null;
  onClose: () => void;
  onDone: (id: number) => void;
}) {
  const t = useTranslations("lgpd.retry");
  const tc = useTranslations("common");
  const errorText = useErrorText();
  const retry = useRetryLgpdRequest();
  const form = useZodForm<{ cpf: string }>({
    schema: retrySchema,
    fields: ["cpf"],
    messages: { cpf: t("invalidCpf") },
    defaultValues: { cpf: "" },
  });

  function close() {
    form.reset();
    retry.reset();
    onClose();
  }

  const submit = form.handleSubmit(async ({ cpf }) => {
    if (!request) return;
    try {
      await retry.mutateAsync({ id: request.id, cpf });
      onDone(request.id);
      close();
    } catch (error) {
      // A refused CPF (invalid, or not this request's) belongs under the field, in the answer's own words;
      // anything else above the form.
      form.showServerError(error, () => errorText.text(error));
    }
  });

  return (
    <Dialog open={request !== null} title={t("title", { id: request?.id ?? "" })} onClose={close}>
      {request ? (
        <form onSubmit={submit} noValidate className="space-y-4">
          <p className="text-sm text-slate-700">
            {t.rich("body", {
              masked: request.cpf_masked,
              cpf: (chunks) => <span className="whitespace-nowrap font-mono">{chunks}</span>,
            })}
          </p>
          {form.rootError ? <Alert tone="warning">{form.rootError}</Alert> : null}
          <TextField
            label={t("cpf")}
            inputMode="numeric"
            autoComplete="off"
            maxLength={14}
            error={form.fieldError("cpf")}
            required
            autoFocus
            {...form.register("cpf")}
          />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={close}>
              {tc("actions.cancel")}
            </Button>
            <Button type="submit" disabled={retry.isPending}>
              {retry.isPending ? t("submitting") : t("submit")}
            </Button>
          </div>
        </form>
      ) : null}
    </Dialog>
  );
}
