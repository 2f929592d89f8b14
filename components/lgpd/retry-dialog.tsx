"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button.tsx";
import { Dialog } from "@/components/ui/dialog.tsx";
import { TextField } from "@/components/ui/field.tsx";
import { Alert } from "@/components/ui/feedback.tsx";
import { useErrorText } from "@/lib/api-client/error-text.ts";
import { ApiClientError } from "@/lib/api-client/fetch-json.ts";
import { useRetryLgpdRequest, type SerializedLgpdRequest } from "@/lib/api-client/lgpd.ts";
import { isValidCpf } from "@/lib/identifiers/identifiers.ts";

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
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);

  function close() {
    setFieldError(null);
    setAlert(null);
    retry.reset();
    onClose();
  }

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!request) return;
    const form = event.currentTarget;
    const cpf = String(new FormData(form).get("cpf") ?? "").trim();
    setFieldError(null);
    setAlert(null);
    if (!isValidCpf(cpf)) {
      setFieldError(t("invalidCpf"));
      return;
    }
    retry.mutate(
      { id: request.id, cpf },
      {
        onSuccess: () => {
          form.reset();
          onDone(request.id);
          close();
        },
        onError: (error) => {
          // A refused CPF (invalid, or not this request's) belongs under the field; anything else above the form.
          const aboutCpf = error instanceof ApiClientError && error.body.errors?.some((item) => item.path === "cpf");
          if (aboutCpf) setFieldError(errorText.text(error));
          else setAlert(errorText.text(error));
        },
      },
    );
  }

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
          {alert ? <Alert tone="warning">{alert}</Alert> : null}
          <TextField
            label={t("cpf")}
            name="cpf"
            inputMode="numeric"
            autoComplete="off"
            maxLength={14}
            error={fieldError ?? undefined}
            required
            autoFocus
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
