"use client";
// The one data-entry form pattern (docs/architecture.md "Forms"): react-hook-form holds the values;
// the resolver is the zod schema the server validates the same body with (when that schema runs in a browser), its
// issues turned into the API's `errors[]` shape (lib/errors/field-errors.ts) and then into the same translated
// sentence a server error gets (useErrorText().formField). The server's answer goes through `showServerError`:
// each field error under the input with that path, anything else above the form (`rootError`).
import { toNestErrors } from "@hookform/resolvers";
import { useState } from "react";
import {
  get,
  useForm,
  type FieldError,
  type FieldValues,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
} from "react-hook-form";
import { useTranslations } from "use-intl";
import type { z } from "zod";
import { useErrorText } from "@/lib/api-client/error-text.ts";
import { ApiClientError, type ApiFieldError } from "@/lib/api-client/fetch-json.ts";
import { fieldErrors } from "@/lib/errors/field-errors.ts";

export type ZodForm<Values extends FieldValues, Output> = UseFormReturn<Values, unknown, Output> & {
  /** The message under the input named `path` (the browser's check or the server's), if any. */
  fieldError: (path: string) => string | undefined;
  /** The message above the form (a server error that is not about one of `fields`), if any. */
  rootError: string | undefined;
  /** What to say above the form: `rootError`, else "fix the fields below" while a field shows an error. */
  summary: string | undefined;
  /** A failed request's error on the form: field errors under their inputs, the rest as `rootError`. `fieldText`
   * may give a field error its own sentence (undefined: the translated one from its code). */
  showServerError: (error: unknown, fieldText?: (item: ApiFieldError) => string | undefined) => void;
};

const covers = (field: string, errorPath: string) => errorPath === field || errorPath.startsWith(`${field}.`);

export function useZodForm<Values extends FieldValues, Output = Values>({
  schema,
  fields,
  messages = {},
  shownUnder = {},
  ...props
}: Omit<UseFormProps<Values, unknown, Output>, "resolver"> & {
  /** The shared schema (browser-safe); without one the values go to the server as they are and it checks them. */
  schema?: z.ZodType<Output>;
  /** The field paths this form shows an error under (a server error under a deeper path goes to its field). */
  fields: readonly string[];
  /** A field's own sentence for any problem the browser's check finds with it, instead of the generic one. */
  messages?: Readonly<Record<string, string>>;
  /** A body path shown under an input of another name (e.g. `product_id` under the `scope` select). */
  shownUnder?: Readonly<Record<string, string>>;
}): ZodForm<Values, Output> {
  const errorText = useErrorText();
  const states = useTranslations("common.states");
  const fieldFor = (path: string) =>
    fields.find((name) => covers(name, path)) ??
    Object.entries(shownUnder).find(([bodyPath]) => covers(bodyPath, path))?.[1];
  const resolver: Resolver<Values, unknown, Output> = async (values, _context, options) => {
    if (!schema) return { values: values as unknown as Output, errors: {} };
    const parsed = await schema.safeParseAsync(values);
    if (parsed.success) return { values: parsed.data, errors: {} };
    const flat: Record<string, FieldError> = {};
    for (const item of fieldErrors(parsed.error.issues)) {
      const field = fieldFor(item.path) ?? "root";
      flat[field] ??= { type: item.code ?? "invalid", message: messages[field] ?? errorText.formField(item) };
    }
    return { values: {}, errors: toNestErrors(flat as never, options) };
  };
  const form = useForm<Values, unknown, Output>({ ...props, resolver });
  const showServerError: ZodForm<Values, Output>["showServerError"] = (error, fieldText) => {
    const list = error instanceof ApiClientError ? (error.body.errors ?? []) : [];
    let unplaced = list.length === 0;
    for (const item of list) {
      const field = fieldFor(item.path);
      if (field)
        form.setError(field as never, { type: "server", message: fieldText?.(item) ?? errorText.formField(item) });
      else unplaced = true;
    }
    if (unplaced) form.setError("root.server", { type: "server", message: errorText.text(error) });
  };
  const errors = form.formState.errors;
  const rootError = errors.root?.server?.message ?? errors.root?.message;
  const fieldShown = fields.some((name) => get(errors, name));
  return {
    ...form,
    fieldError: (path: string) => (get(errors, path) as FieldError | undefined)?.message,
    rootError,
    summary: rootError ?? (fieldShown ? states("checkFields") : undefined),
    showServerError,
  };
}

/**
 * A form that stays on its page after saving (a settings page, not a dialog): `submit` runs `save` with the parsed
 * values, puts a failure's errors on the form (showServerError) and sets `saved` for the "Salvo." notice, which a new
 * submit or `setSaved(false)` clears.
 */
export function useSaveOnPage<Values extends FieldValues, Output>(
  form: ZodForm<Values, Output>,
  save: (input: Output) => Promise<unknown>,
) {
  const [saved, setSaved] = useState(false);
  const submit = form.handleSubmit(async (input) => {
    setSaved(false);
    try {
      await save(input);
      setSaved(true);
    } catch (error) {
      form.showServerError(error);
    }
  });
  return { submit, saved, setSaved };
}
