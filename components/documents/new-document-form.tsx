"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useMemo } from "react";
import { useForm, useWatch, type Resolver } from "react-hook-form";
import { useTranslations } from "use-intl";
import * as create from "@/app/api/document/create/contract.ts";
import { Button } from "@/components/ui/button.tsx";
import { SelectField, TextField } from "@/components/ui/field.tsx";
import { Alert, Card } from "@/components/ui/feedback.tsx";
import { documentKeys } from "@/lib/api-client/document-keys.ts";
import { useFilterOptions } from "@/lib/api-client/documents.ts";
import { useErrorText } from "@/lib/api-client/error-text.ts";
import { ApiClientError, callApi } from "@/lib/api-client/fetch-json.ts";
import {
  EMPTY_NEW_DOCUMENT,
  newDocumentFormSchema,
  type NewDocumentValues,
} from "@/lib/documents/new-document-form.ts";
import type { CreateDocumentInput } from "@/lib/documents/schemas.ts";

/**
 * "Novo documento": react-hook-form with the create route's own zod schema (lib/documents/new-document-form.ts);
 * the product's columns appear once a product is chosen. Field errors, the browser's or the server's, show under
 * their inputs; the new document opens on success.
 */
export function NewDocumentForm() {
  const t = useTranslations("operator.create");
  const errorText = useErrorText();
  const router = useRouter();
  const queryClient = useQueryClient();
  const options = useFilterOptions();
  const form = useForm<NewDocumentValues>({ defaultValues: EMPTY_NEW_DOCUMENT, mode: "onSubmit" });
  const productId = useWatch({ control: form.control, name: "product_id" });
  const product = options.data?.products.find((candidate) => String(candidate.id) === productId);
  const columns = useMemo(() => product?.columns ?? [], [product]);
  // The resolver follows the chosen product's columns.
  const resolver = useMemo(
    () => zodResolver(newDocumentFormSchema(columns)) as unknown as Resolver<NewDocumentValues>,
    [columns],
  );
  const createDocument = useMutation({
    mutationFn: (body: CreateDocumentInput) => callApi(create.POST, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.lists() }),
  });
  const errors = form.formState.errors;
  const fieldError = (path: string): string | undefined => {
    const found = path
      .split(".")
      .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], errors) as
      { message?: string } | undefined;
    return found?.message;
  };

  const onSubmit = form.handleSubmit(async (values) => {
    const checked = await resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
    if (Object.keys(checked.errors).length) {
      for (const [name, error] of flatErrors(checked.errors)) form.setError(name as never, { message: error });
      return;
    }
    try {
      const created = await createDocument.mutateAsync(checked.values as unknown as CreateDocumentInput);
      router.push(`/documents/${created.id}`);
    } catch (error) {
      // The server's field errors under their inputs (same paths as the form's fields).
      if (error instanceof ApiClientError) {
        for (const issue of error.body.errors ?? []) {
          form.setError(issue.path as never, { message: issue.message });
        }
      }
    }
  });

  return (
    <Card>
      <form noValidate onSubmit={onSubmit} className="space-y-4" aria-describedby="new-document-intro">
        <p id="new-document-intro" className="text-sm text-slate-700">
          {t("intro")}
        </p>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <SelectField label={t("product")} error={fieldError("product_id")} {...form.register("product_id")}>
            <option value="">{t("choose")}</option>
            {options.data?.products
              .filter((candidate) => candidate.active)
              .map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {candidate.name}
                </option>
              ))}
          </SelectField>
          <SelectField label={t("status")} error={fieldError("status_id")} {...form.register("status_id")}>
            <option value="">{t("choose")}</option>
            {options.data?.statuses.map((status) => (
              <option key={status.id} value={status.id}>
                {status.name}
              </option>
            ))}
          </SelectField>
          <TextField label={t("cpf")} error={fieldError("cpf")} inputMode="numeric" {...form.register("cpf")} />
          <TextField label={t("name")} error={fieldError("name")} autoComplete="off" {...form.register("name")} />
          <TextField label={t("email")} error={fieldError("email")} type="email" {...form.register("email")} />
          <TextField label={t("phone")} error={fieldError("phone")} type="tel" {...form.register("phone")} />
          <TextField
            label={t("modality")}
            error={fieldError("modality_identifier")}
            list="new-document-modalities"
            {...form.register("modality_identifier")}
          />
          <TextField
            label={t("slaTotal")}
            error={fieldError("sla_total")}
            inputMode="decimal"
            {...form.register("sla_total")}
          />
          <TextField label={t("source")} error={fieldError("source")} {...form.register("source")} />
          <datalist id="new-document-modalities">
            {options.data?.modalities.map((modality) => (
              <option key={modality.id} value={modality.identifier} />
            ))}
          </datalist>
        </div>

        {columns.length ? (
          <fieldset>
            <legend className="mb-2 text-sm font-semibold text-slate-800">{t("columns")}</legend>
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {columns.map((column) => {
                const name = `filled_columns.${column.key}` as const;
                const label = column.required ? `${column.label} *` : column.label;
                const error = fieldError(name);
                if (column.type === "enum" || column.type === "boolean") {
                  const choices =
                    column.type === "boolean"
                      ? [
                          { value: "true", label: t("yes") },
                          { value: "false", label: t("no") },
                        ]
                      : column.options.map((option) => ({ value: option, label: option }));
                  return (
                    <SelectField key={column.key} label={label} error={error} {...form.register(name)}>
                      <option value="">{t("choose")}</option>
                      {choices.map((choice) => (
                        <option key={choice.value} value={choice.value}>
                          {choice.label}
                        </option>
                      ))}
                    </SelectField>
                  );
                }
                return (
                  <TextField
                    key={column.key}
                    label={label}
                    error={error}
                    type={column.type === "date" ? "date" : "text"}
                    inputMode={column.type === "number" || column.type === "currency" ? "decimal" : undefined}
                    {...form.register(name)}
                  />
                );
              })}
            </div>
          </fieldset>
        ) : null}

        <div aria-live="polite">
          {Object.keys(errors).length ? <Alert>{t("fixFields")}</Alert> : null}
          {createDocument.isError &&
          !(createDocument.error instanceof ApiClientError && createDocument.error.body.errors?.length) ? (
            <Alert>{t("error", { message: errorText.text(createDocument.error) })}</Alert>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? t("saving") : t("submit")}
          </Button>
          <Button variant="secondary" onClick={() => router.back()}>
            {t("cancel")}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** react-hook-form's nested error object as [field path, message] pairs. */
function flatErrors(errors: object, prefix = ""): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== "object") continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof (value as { message?: unknown }).message === "string") {
      pairs.push([path, (value as { message: string }).message]);
    } else pairs.push(...flatErrors(value, path));
  }
  return pairs;
}
