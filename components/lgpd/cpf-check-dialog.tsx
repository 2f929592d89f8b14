"use client";

import type { FieldValues } from "react-hook-form";
import { useTranslations } from "use-intl";
import type { z } from "zod";
import { Button } from "@/components/ui/button.tsx";
import { Dialog } from "@/components/ui/dialog.tsx";
import { TextField } from "@/components/ui/field.tsx";
import { Alert } from "@/components/ui/feedback.tsx";
import { useZodForm, type ZodForm } from "@/components/ui/zod-form.ts";
import { useErrorText } from "@/lib/api-client/error-text.ts";
import type { SerializedLgpdRequest } from "@/lib/api-client/lgpd.ts";

/**
 * An act on one LGPD request that the staff member confirms by typing its CPF again (a processed request keeps none
 * readable; the server checks it against the request's hash): the dialog, the CPF field, the server's refusal under
 * the field or above the form, Cancel and the submit. The typed CPF lives only in this form and is cleared when it
 * closes. Each act (retry, reopen) gives its texts, its schema and mutation, what it says first and any field more.
 */
export function CpfCheckDialog<Values extends FieldValues & { cpf: string }>({
  namespace,
  request,
  onClose,
  onDone,
  schema,
  defaultValues,
  mutation,
  intro,
  cpfHint,
  errorTone,
  moreFields,
}: {
  /** The act's texts: title, cpf, invalidCpf, submit, submitting. */
  namespace: "lgpd.retry" | "lgpd.reopen";
  request: SerializedLgpdRequest | null;
  onClose: () => void;
  onDone: (id: number) => void;
  schema: z.ZodType<Values>;
  defaultValues: Values;
  mutation: {
    mutateAsync: (input: Values & { id: number }) => Promise<unknown>;
    reset: () => void;
    isPending: boolean;
  };
  /** What the dialog says above the form's fields, for the request shown. */
  intro: (request: SerializedLgpdRequest) => React.ReactNode;
  cpfHint?: (request: SerializedLgpdRequest) => string;
  /** How a refusal that is not about a field is shown. */
  errorTone?: "warning";
  /** The act's fields after the CPF (registered on the same form). */
  moreFields?: (form: ZodForm<Values, Values>) => React.ReactNode;
}) {
  const t = useTranslations(namespace);
  const tc = useTranslations("common");
  const errorText = useErrorText();
  const form = useZodForm<Values>({
    schema,
    fields: Object.keys(defaultValues),
    messages: { cpf: t("invalidCpf") },
    defaultValues: defaultValues as never,
  });

  function close() {
    form.reset();
    mutation.reset();
    onClose();
  }

  const submit = form.handleSubmit(async (body) => {
    if (!request) return;
    try {
      await mutation.mutateAsync({ ...body, id: request.id });
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
          {intro(request)}
          {form.rootError ? <Alert tone={errorTone}>{form.rootError}</Alert> : null}
          <TextField
            label={t("cpf")}
            inputMode="numeric"
            autoComplete="off"
            maxLength={14}
            hint={cpfHint?.(request)}
            error={form.fieldError("cpf")}
            required
            autoFocus
            {...form.register("cpf" as never)}
          />
          {moreFields?.(form)}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={close}>
              {tc("actions.cancel")}
            </Button>
            <Button type="submit" disabled={mutation.isPending}>
              {mutation.isPending ? t("submitting") : t("submit")}
            </Button>
          </div>
        </form>
      ) : null}
    </Dialog>
  );
}
