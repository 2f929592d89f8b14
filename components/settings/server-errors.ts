"use client";
// Server answers → text next to the fields and above the form, in the user's language. The API speaks English
// (it is the contract integrators read); the known messages of the settings API are translated here, anything
// else is shown as the server wrote it.
import { useMemo, useState } from "react";
import { useTranslations } from "use-intl";
import { ApiClientError } from "@/lib/api-client/fetch-json.ts";

type Translate = ReturnType<typeof useTranslations<"settings.errors">>;

const FIELD_MESSAGES: Record<string, Parameters<Translate>[0]> = {
  Required: "required",
  "Use a colour like #1f2937": "colour",
  "Use 1–60 lower-case letters, digits or _": "safeKey",
  "Each status may appear once": "unique",
  "Use HH:MM (00:00–24:00)": "clock",
  "The end must be after the start": "endAfterStart",
  "Intervals must not overlap": "overlap",
  "Unknown time zone": "timeZone",
  "Use YYYY-MM-DD": "date",
  "Not a calendar date": "date",
  "Each date may appear once": "uniqueDate",
  "Enter a valid e-mail": "email",
  "At least 10 characters": "passwordLength",
  "Unknown category": "unknownReference",
  "Unknown step": "unknownReference",
  "Unknown status in the allowed transitions": "unknownReference",
  "A status cannot list itself (staying is always allowed)": "selfTransition",
  "Expected a number of hours": "hours",
};

function fieldMessage(t: Translate, message: string): string {
  const known = FIELD_MESSAGES[message];
  if (known) return t(known);
  const tooLong = /<=(\d+) characters/.exec(message);
  if (tooLong) return t("tooLong", { max: Number(tooLong[1]) });
  if (/expected number|expected int/i.test(message)) return t("number");
  if (/Invalid option/i.test(message)) return t("option");
  return message;
}

const CONFLICTS: Array<[RegExp, (t: Translate, match: RegExpExecArray) => string]> = [
  [/^Status "(.+)" is used by (\d+) document/, (t, m) => t("statusInUse", { name: m[1]!, count: Number(m[2]) })],
  [/^Category "(.+)" is used by (\d+) status/, (t, m) => t("categoryInUse", { name: m[1]!, count: Number(m[2]) })],
  [/^Product "(.+)" has (\d+) document/, (t, m) => t("productInUse", { name: m[1]!, count: Number(m[2]) })],
  [/^Modality "(.+)" is used by (\d+) document/, (t, m) => t("modalityInUse", { name: m[1]!, count: Number(m[2]) })],
  [
    /^Status "(.+)" is the only allowed transition of (.+); /,
    (t, m) => t("onlyTransition", { name: m[1]!, others: m[2]! }),
  ],
  [/already has a holiday on (.+)$/, (t, m) => t("holidayExists", { dates: m[1]! })],
  [/already has a column with/, (t) => t("columnExists")],
  [/category with (this )?key/, (t) => t("categoryExists")],
  [/modality (named|with this identifier)/, (t) => t("modalityExists")],
  [/user with this e-mail/, (t) => t("userExists")],
  [/own role/, (t) => t("selfRole")],
  [/own account/, (t) => t("selfDisable")],
  [/at least one enabled admin/, (t) => t("lastAdmin")],
];

export type ServerErrors = {
  /** The message for a field (its path, or a prefix of the path such as `working_hours.1`). */
  field: (path: string) => string | undefined;
  /** What to show above the form: a conflict, a failure, or "fix the fields below". */
  form: string | null;
  /** For a form's onChange: a field being edited stops showing its (now stale) error. */
  clearOnEdit: (event: React.FormEvent) => void;
};

const NONE: ReadonlySet<string> = new Set();

export function describeError(t: Translate, error: unknown): string {
  if (error instanceof ApiClientError) {
    for (const [pattern, render] of CONFLICTS) {
      const match = pattern.exec(error.body.message);
      if (match) return render(t, match);
    }
    if (error.status === 403) return t("forbidden");
    if (error.status === 404) return t("notFound");
    return error.body.message;
  }
  return error instanceof Error ? error.message : String(error);
}

export function useServerErrors(error: unknown): ServerErrors {
  const t = useTranslations("settings.errors");
  // Paths edited since this error arrived; a new error starts with none.
  const [edited, setEdited] = useState<{ source: unknown; paths: ReadonlySet<string> }>({ source: null, paths: NONE });
  const cleared = edited.source === error ? edited.paths : NONE;
  return useMemo(() => {
    const clearOnEdit = (event: React.FormEvent) => {
      const name = (event.target as { name?: unknown }).name;
      if (!error || typeof name !== "string" || !name || cleared.has(name)) return;
      setEdited({ source: error, paths: new Set([...cleared, name]) });
    };
    if (!error) return { field: () => undefined, form: null, clearOnEdit };
    const list = error instanceof ApiClientError ? (error.body.errors ?? []) : [];
    if (!list.length) return { field: () => undefined, form: describeError(t, error), clearOnEdit };
    const open = list.filter(
      (item) => ![...cleared].some((path) => item.path === path || item.path.startsWith(`${path}.`)),
    );
    return {
      field: (path: string) => {
        if (cleared.has(path)) return undefined;
        const hit = list.find((item) => item.path === path || item.path.startsWith(`${path}.`));
        return hit ? fieldMessage(t, hit.message) : undefined;
      },
      form: open.length ? t("checkFields") : null,
      clearOnEdit,
    };
  }, [error, t, cleared]);
}
