"use client";
// A form's server answer → the text under each field and above the form, in the user's language, from the error's
// `code`/`params` (lib/api-client/error-text.ts) — never the API's English `message`.
import { useState } from "react";
import { useTranslations } from "use-intl";
import { ApiClientError } from "@/lib/api-client/fetch-json.ts";
import { useErrorText } from "@/lib/api-client/error-text.ts";

export type ServerErrors = {
  /** The message for a field (its path, or a prefix of the path such as `working_hours.1`). */
  field: (path: string) => string | undefined;
  /** What to show above the form: a conflict, a failure, or "fix the fields below". */
  form: string | null;
  /** For a form's onChange: a field being edited stops showing its (now stale) error. */
  clearOnEdit: (event: React.FormEvent) => void;
};

const NONE: ReadonlySet<string> = new Set();
const covers = (path: string, errorPath: string) => errorPath === path || errorPath.startsWith(`${path}.`);

export function useServerErrors(error: unknown): ServerErrors {
  const t = useTranslations("common.states");
  const errorText = useErrorText();
  // Paths edited since this error arrived; a new error starts with none.
  const [edited, setEdited] = useState<{ source: unknown; paths: ReadonlySet<string> }>({ source: null, paths: NONE });
  const cleared = edited.source === error ? edited.paths : NONE;
  const clearOnEdit = (event: React.FormEvent) => {
    const name = (event.target as { name?: unknown }).name;
    if (!error || typeof name !== "string" || !name || cleared.has(name)) return;
    setEdited({ source: error, paths: new Set([...cleared, name]) });
  };
  if (!error) return { field: () => undefined, form: null, clearOnEdit };
  const list = error instanceof ApiClientError ? (error.body.errors ?? []) : [];
  if (!list.length) return { field: () => undefined, form: errorText.text(error), clearOnEdit };
  const open = list.filter((item) => ![...cleared].some((path) => covers(path, item.path)));
  return {
    field: (path: string) => {
      if (cleared.has(path)) return undefined;
      const hit = list.find((item) => covers(path, item.path));
      return hit ? errorText.formField(hit) : undefined;
    },
    form: open.length ? t("checkFields") : null,
    clearOnEdit,
  };
}
