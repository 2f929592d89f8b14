"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useMemo } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useTranslations } from "use-intl";
import * as create from "@/app/api/document/create/contract.ts";
import { Button } from "@/components/ui/button.tsx";
import { SelectField, TextField } from "@/components/ui/field.tsx";
import { Alert, Card } from "@/components/ui/feedback.tsx";
import { documentKeys } from "@/lib/api-client/document-keys.ts";
import { useDocumentSources, useFilterOptions } from "@/lib/api-client/documents.ts";
import { useErrorText } from "@/lib/api-client/error-text.ts";
import { ApiClientError, callApi } from "@/lib/api-client/fetch-json.ts";
import {
  EMPTY_NEW_DOCUMENT,
  newDocumentFieldProblem,
  newDocumentFormSchema,
  type NewDocumentValues,
} from "@/lib/documents/new-document-form.ts";
import { fieldErrors } from "@/lib/errors/field-errors.ts";
import type { CreateDocumentInput } from "@/lib/documents/schemas.ts";

/** Service hours a person picks from (the status's own SLA applies when none is picked). */
const SLA_CHOICES = [8, 24, 48, 72, 120];

/**
 * "Novo documento": react-hook-form with the create route's own zod schema (lib/documents/new-document-form.ts);
 * the product's columns appear once a product is chosen, and the status starts at the product's first one. Known
 * values are picked from lists. Field errors, the browser's or the server's, show under their inputs in pt-BR (zod's
 * issues go through the same code → sentence table as the server's errors: never zod's English text); the CPF/CNPJ
 * check digits and the e-mail are checked as the person leaves the field. The new document opens on success.
 */
export function NewDocumentForm() {
  const t = useTranslations("operator.create");
  const errorText = useErrorText();
  const router = useRouter();
  const queryClient = useQueryClient();
  const options = useFilterOptions();
  const sources = useDocumentSources();
  // The origins already used, as the person reads them (pt-BR order); any other may be typed.
  const knownSources = useMemo(
    () => [...(sources.data ?? [])].sort((a, b) => a.localeCompare(b, "pt-BR")),
    [sources.data],
  );
  const form = useForm<NewDocumentValues>({ defaultValues: EMPTY_NEW_DOCUMENT, mode: "onSubmit" });
  const productId = useWatch({ control: form.control, name: "product_id" });
  const product = options.data?.products.find((candidate) => String(candidate.id) === productId);
  const columns = useMemo(() => product?.columns ?? [], [product]);
  const schema = useMemo(() => newDocumentFormSchema(columns), [columns]);
  // A chosen product brings its first status (the person may change it afterwards).
  useEffect(() => {
    if (product?.first_status_id) form.setValue("status_id", String(product.first_status_id));
  }, [product, form]);
  /** A field's own sentence where the generic one would be vague (an empty select is a choice to make). */
  const ownMessage: Record<string, string> = { product_id: t("chooseProduct"), status_id: t("chooseStatus") };
  const checkOnLeave = (field: "cpf" | "email") => ({
    onBlur: (event: React.FocusEvent<HTMLInputElement>) => {
      // Leaving for the submit button: the submit checks every field, and a message shown now would move the
      // button from under the pointer between its press and its release (the click would be lost).
      if (event.relatedTarget instanceof HTMLButtonElement && event.relatedTarget.type === "submit") return;
      const problem = newDocumentFieldProblem(field, event.target.value);
      if (problem) form.setError(field, { type: problem, message: errorText.formField({ code: problem }) });
      else form.clearErrors(field);
    },
  });
  const createDocument = useMutation({
    mutationFn: (body: CreateDocumentInput) => callApi(create.POST, { body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: documentKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: documentKeys.sources() }),
      ]),
  });
  const errors = form.formState.errors;
  const fieldError = (path: string): string | undefined => {
    const found = path
      .split(".")
      .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], errors) as
      { message?: string } | undefined;
    return found?.message;
  };

  const submit = form.handleSubmit(async (values) => {
    const checked = schema.safeParse(values);
    const problems = [
      ...(checked.success ? [] : fieldErrors(checked.error.issues)),
      ...(["cpf", "email"] as const).flatMap((field) => {
        const code = newDocumentFieldProblem(field, values[field]);
        return code ? [{ path: field, code }] : [];
      }),
    ];
    for (const item of problems) {
      form.setError(item.path as never, { message: ownMessage[item.path] ?? errorText.formField(item) });
    }
    if (!checked.success || problems.length) return;
    try {
      const created = await createDocument.mutateAsync(checked.data as CreateDocumentInput);
      router.push(`/documents/${created.id}`);
    } catch (error) {
      // The server's field errors under their inputs (same paths as the form's fields).
      if (error instanceof ApiClientError) {
        for (const issue of error.body.errors ?? []) {
          form.setError(issue.path as never, { message: errorText.formField(issue) });
        }
      }
    }
  });

  // Every check runs again on submit: an error set as a field was left (CPF, e-mail) would otherwise stop
  // react-hook-form before the others are found.
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    form.clearErrors();
    return submit(event);
  };

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
          <SelectField
            label={t("status")}
            hint={product?.first_status_id ? t("statusHint") : undefined}
            error={fieldError("status_id")}
            {...form.register("status_id")}
          >
            <option value="">{t("choose")}</option>
            {options.data?.statuses.map((status) => (
              <option key={status.id} value={status.id}>
                {status.name}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t("cpf")}
            error={fieldError("cpf")}
            inputMode="numeric"
            {...form.register("cpf", checkOnLeave("cpf"))}
          />
          <TextField label={t("name")} error={fieldError("name")} autoComplete="off" {...form.register("name")} />
          <TextField
            label={t("email")}
            error={fieldError("email")}
            type="email"
            {...form.register("email", checkOnLeave("email"))}
          />
          <TextField label={t("phone")} error={fieldError("phone")} type="tel" {...form.register("phone")} />
          <SelectField
            label={t("modality")}
            error={fieldError("modality_identifier")}
            {...form.register("modality_identifier")}
          >
            <option value="">{t("noModality")}</option>
            {options.data?.modalities.map((modality) => (
              <option key={modality.id} value={modality.identifier}>
                {modality.identifier}
              </option>
            ))}
          </SelectField>
          <SelectField label={t("slaTotal")} error={fieldError("sla_total")} {...form.register("sla_total")}>
            <option value="">{t("slaDefault")}</option>
            {SLA_CHOICES.map((hours) => (
              <option key={hours} value={String(hours)}>
                {t("slaHours", { hours })}
              </option>
            ))}
          </SelectField>
          {/* A combobox of the browser's own (an input with a list): the origins already used are offered as the
              person types, and a new one is simply typed. */}
          <TextField
            label={t("source")}
            hint={t("sourceHint")}
            error={fieldError("source")}
            list="new-document-sources"
            autoComplete="off"
            {...form.register("source")}
          />
          <datalist id="new-document-sources">
            {knownSources.map((source) => (
              <option key={source} value={source} />
            ))}
          </datalist>
          <SelectField label={t("assignee")} error={fieldError("user_id")} {...form.register("user_id")}>
            <option value="">{t("nobody")}</option>
            {options.data?.users
              .filter((user) => !user.disabled)
              .map((user) => (
                <option key={user.id} value={user.id}>
                  {user.name}
                </option>
              ))}
          </SelectField>
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
