"use client";

import { useTranslations } from "use-intl";
import { useErrorText } from "@/lib/api-client/error-text.ts";
import { IMPORT_FIELDS, type ImportField, type ImportRowError } from "@/lib/documents/import-rows.ts";

const LISTED_ERRORS = 50;

/** A row error's column in the user's words: the field's label, or the header as written in the file. */
export function usePathLabel() {
  const t = useTranslations("csv.import");
  return (path: string) =>
    (IMPORT_FIELDS as readonly string[]).includes(path)
      ? t(`fields.${path as ImportField}`)
      : path.replace(/^filled_columns\./, "");
}

/** "Linha 3 · Status: status desconhecido “X”" for the first 50 errors, and how many more there are. */
export function RowErrorList({ errors, title }: { errors: ImportRowError[]; title: string }) {
  const t = useTranslations("csv.import");
  const errorText = useErrorText();
  const pathLabel = usePathLabel();
  if (!errors.length) return null;
  return (
    <div className="mt-2">
      <p className="font-medium">{title}</p>
      <ul className="mt-1 list-disc pl-5">
        {errors.slice(0, LISTED_ERRORS).map((error, index) => (
          <li key={index}>
            {t("rowError", { row: error.row, path: pathLabel(error.path), message: errorText.field(error) })}
          </li>
        ))}
      </ul>
      {errors.length > LISTED_ERRORS ? (
        <p>{t("preview.moreErrors", { count: errors.length - LISTED_ERRORS })}</p>
      ) : null}
    </div>
  );
}
