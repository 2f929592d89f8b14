"use client";

import Papa from "papaparse";
import { useId, useState } from "react";
import { useTranslations } from "use-intl";
import { Alert } from "@/components/ui/feedback.tsx";
import { MAX_IMPORT_ROWS } from "@/lib/documents/import-rows.ts";
import type { ParsedFile } from "./import-mapping.ts";

/** Step 1: choose the CSV; it is read in the browser (header row + rows) and nothing is sent yet. */
export function FileStep({
  parsed,
  resetKey,
  onParsed,
}: {
  parsed: ParsedFile | null;
  /** A new value empties the file input ("Importar outro arquivo"). */
  resetKey: number;
  /** `null` while a new file is being read or when the choice is cleared. */
  onParsed: (parsed: ParsedFile | null) => void;
}) {
  const t = useTranslations("csv.import");
  const fileId = useId();
  const [parseError, setParseError] = useState<string | null>(null);

  function onFile(file: File | undefined) {
    onParsed(null);
    setParseError(null);
    if (!file) return;
    Papa.parse<Record<string, string>>(file, {
      header: true,
      skipEmptyLines: "greedy",
      transformHeader: (header) => header.trim(),
      complete: (result) => {
        const headers = (result.meta.fields ?? []).filter(Boolean);
        onParsed({ fileName: file.name, headers, rows: result.data });
      },
      error: (error) => setParseError(error.message),
    });
  }

  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <label htmlFor={fileId} className="mb-1 block text-sm font-medium text-slate-700">
        {t("file")}
      </label>
      <input
        key={resetKey}
        id={fileId}
        type="file"
        accept=".csv,text/csv"
        aria-describedby={`${fileId}-hint`}
        className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium"
        onChange={(event) => onFile(event.target.files?.[0])}
      />
      <p id={`${fileId}-hint`} className="mt-1 text-xs text-slate-600">
        {t("fileHint", { max: MAX_IMPORT_ROWS })}
      </p>
      {parseError ? <Alert>{t("parseFailed", { message: parseError })}</Alert> : null}
      {parsed ? (
        <p className="mt-2 text-sm text-slate-800">
          {t("parsed", { rows: parsed.rows.length, file: parsed.fileName })}
        </p>
      ) : null}
    </section>
  );
}
