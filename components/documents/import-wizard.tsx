"use client";

import Link from "next/link";
import Papa from "papaparse";
import { useId, useMemo, useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button.tsx";
import { Alert } from "@/components/ui/feedback.tsx";
import { useErrorText } from "@/lib/api-client/error-text.ts";
import { ApiClientError, fetchJson } from "@/lib/api-client/fetch-json.ts";
import {
  IMPORT_FIELDS,
  MAX_IMPORT_ROWS,
  toCreateInput,
  type ImportCatalog,
  type ImportField,
  type ImportRowError,
} from "@/lib/documents/import-rows.ts";

type Target = ImportField | "column" | "ignore";
type Parsed = { fileName: string; headers: string[]; rows: Array<Record<string, string>> };
type Outcome =
  | { kind: "success"; imported: number }
  | { kind: "refused"; message: string; errors: ImportRowError[] }
  | { kind: "failed"; message: string };

const REQUIRED: ImportField[] = ["status", "product", "cpf"];
const PREVIEW_ROWS = 10;
const LISTED_ERRORS = 50;

const fold = (value: string) =>
  value
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

const ALIASES: Record<ImportField, string[]> = {
  status: ["status", "status id", "situacao", "estado"],
  product: ["product", "product id", "produto"],
  cpf: ["cpf", "cnpj", "cpf cnpj", "identificador", "documento"],
  name: ["name", "nome", "cliente"],
  email: ["email", "e mail"],
  phone: ["phone", "telefone", "celular", "fone"],
  modality_identifier: ["modality", "modality identifier", "modalidade"],
  sla_total: ["sla", "sla total", "sla horas"],
  source: ["source", "fonte", "origem"],
};

/** A first guess of each header's field; anything unrecognised becomes a filled_columns key. */
function guessMapping(headers: string[]): Record<string, Target> {
  const taken = new Set<ImportField>();
  return Object.fromEntries(
    headers.map((header) => {
      const folded = fold(header);
      const field = IMPORT_FIELDS.find((candidate) => !taken.has(candidate) && ALIASES[candidate].includes(folded));
      if (field) taken.add(field);
      return [header, field ?? "column"];
    }),
  );
}

/** Extra headers named like a product column (its key or label, ignoring case and accents) use that column's key. */
function columnKeys(catalog: ImportCatalog): Map<string, string> {
  const keys = new Map<string, string>();
  for (const product of catalog.products) {
    for (const column of product.columns ?? []) {
      keys.set(fold(column.key), column.key);
      if (column.label) keys.set(fold(column.label), column.key);
    }
  }
  return keys;
}

function mapRow(row: Record<string, string>, mapping: Record<string, Target>, keys: Map<string, string>) {
  const mapped: Record<string, unknown> & { filled_columns: Record<string, string> } = { filled_columns: {} };
  for (const [header, target] of Object.entries(mapping)) {
    if (target === "ignore") continue;
    if (target === "column") mapped.filled_columns[keys.get(fold(header)) ?? header] = row[header] ?? "";
    else mapped[target] = row[header] ?? "";
  }
  return mapped;
}

/** Upload → map headers → preview with per-row errors → import all rows in one request (all or nothing). */
export function ImportWizard({ catalog }: { catalog: ImportCatalog }) {
  const t = useTranslations("csv.import");
  const errorText = useErrorText();
  const fileId = useId();
  const [parsed, setParsed] = useState<Parsed | null>(null);
  const [parseError, setParseError] = useState<string | null>(null);
  const [mapping, setMapping] = useState<Record<string, Target>>({});
  const [submitting, setSubmitting] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [fileKey, setFileKey] = useState(0);

  const keys = useMemo(() => columnKeys(catalog), [catalog]);
  const mappedRows = useMemo(
    () => (parsed ? parsed.rows.map((row) => mapRow(row, mapping, keys)) : []),
    [parsed, mapping, keys],
  );
  const rowErrors = useMemo<ImportRowError[]>(
    () =>
      mappedRows.flatMap((row, index) =>
        toCreateInput(row, catalog).errors.map((error) => ({ row: index + 1, ...error })),
      ),
    [mappedRows, catalog],
  );
  const errorsByRow = useMemo(() => {
    const byRow = new Map<number, ImportRowError[]>();
    for (const error of rowErrors) byRow.set(error.row, [...(byRow.get(error.row) ?? []), error]);
    return byRow;
  }, [rowErrors]);
  const mappedFields = new Set(Object.values(mapping));
  const missing = REQUIRED.filter((field) => !mappedFields.has(field));
  const tooMany = (parsed?.rows.length ?? 0) > MAX_IMPORT_ROWS;
  const fieldLabel = (target: Target, header: string) =>
    target === "ignore" || target === "column" ? header : t(`fields.${target}`);
  const pathLabel = (path: string) =>
    (IMPORT_FIELDS as readonly string[]).includes(path) ? t(`fields.${path as ImportField}`) : path;

  function onFile(file: File | undefined) {
    setParsed(null);
    setParseError(null);
    setOutcome(null);
    if (!file) return;
    Papa.parse<Record<string, string>>(file, {
      header: true,
      skipEmptyLines: "greedy",
      transformHeader: (header) => header.trim(),
      complete: (result) => {
        const headers = (result.meta.fields ?? []).filter(Boolean);
        setMapping(guessMapping(headers));
        setParsed({ fileName: file.name, headers, rows: result.data });
      },
      error: (error) => setParseError(error.message),
    });
  }

  function setTarget(header: string, target: Target) {
    setMapping((current) => {
      const next = { ...current, [header]: target };
      // One header per document field: choosing a field elsewhere releases it here.
      if (target !== "column" && target !== "ignore") {
        for (const [other, value] of Object.entries(next))
          if (other !== header && value === target) next[other] = "ignore";
      }
      return next;
    });
    setOutcome(null);
  }

  async function submit() {
    setSubmitting(true);
    setOutcome(null);
    try {
      const answer = await fetchJson<{ imported: number }>("documents/import", { body: { rows: mappedRows } });
      setOutcome({ kind: "success", imported: answer.imported });
    } catch (error) {
      if (error instanceof ApiClientError && error.status === 400) {
        setOutcome({
          kind: "refused",
          message: errorText.text(error),
          errors: (error.body.errors ?? []) as ImportRowError[],
        });
      } else setOutcome({ kind: "failed", message: errorText.text(error) });
    } finally {
      setSubmitting(false);
    }
  }

  function reset() {
    setParsed(null);
    setOutcome(null);
    setFileKey((key) => key + 1);
  }

  const visibleHeaders = parsed ? parsed.headers.filter((header) => mapping[header] !== "ignore") : [];

  return (
    <div className="space-y-6">
      <section className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <label htmlFor={fileId} className="mb-1 block text-sm font-medium text-slate-700">
          {t("file")}
        </label>
        <input
          key={fileKey}
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

      {parsed && parsed.rows.length === 0 ? <Alert tone="warning">{t("empty")}</Alert> : null}
      {tooMany ? <Alert>{t("tooMany", { rows: parsed!.rows.length, max: MAX_IMPORT_ROWS })}</Alert> : null}

      {parsed && parsed.rows.length > 0 && !tooMany ? (
        <>
          <section
            aria-labelledby={`${fileId}-mapping`}
            className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
          >
            <h2 id={`${fileId}-mapping`} className="mb-3 text-base font-semibold">
              {t("mapping.title")}
            </h2>
            <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t("mapping.title")}>
              <table className="w-full text-left text-sm">
                <thead>
                  <tr className="border-b border-slate-300">
                    <th scope="col" className="px-2 py-1">
                      {t("mapping.header")}
                    </th>
                    <th scope="col" className="px-2 py-1">
                      {t("mapping.sample")}
                    </th>
                    <th scope="col" className="px-2 py-1">
                      {t("mapping.field")}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {parsed.headers.map((header) => (
                    <tr key={header} className="border-b border-slate-100">
                      <th scope="row" className="px-2 py-1 font-medium">
                        {header}
                      </th>
                      <td className="max-w-48 truncate px-2 py-1 text-slate-700">{parsed.rows[0]?.[header]}</td>
                      <td className="px-2 py-1">
                        <select
                          aria-label={t("mapping.fieldFor", { header })}
                          className="w-full rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
                          value={mapping[header] ?? "column"}
                          onChange={(event) => setTarget(header, event.target.value as Target)}
                        >
                          {IMPORT_FIELDS.map((field) => (
                            <option key={field} value={field}>
                              {t(`fields.${field}`)}
                            </option>
                          ))}
                          <option value="column">{t("mapping.column")}</option>
                          <option value="ignore">{t("mapping.ignore")}</option>
                        </select>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {missing.length ? (
              <div className="mt-3">
                <Alert tone="warning">
                  {t("mapping.missing", { fields: missing.map((field) => t(`fields.${field}`)).join(", ") })}
                </Alert>
              </div>
            ) : null}
          </section>

          <section
            aria-labelledby={`${fileId}-preview`}
            className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
          >
            <h2 id={`${fileId}-preview`} className="mb-3 text-base font-semibold">
              {t("preview.title")}
            </h2>
            <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t("preview.title")}>
              <table className="w-full text-left text-sm">
                <caption className="mb-2 text-left text-xs text-slate-600">
                  {t("preview.caption", { count: Math.min(PREVIEW_ROWS, parsed.rows.length) })}
                </caption>
                <thead>
                  <tr className="border-b border-slate-300">
                    <th scope="col" className="px-2 py-1">
                      {t("preview.row")}
                    </th>
                    {visibleHeaders.map((header) => (
                      <th key={header} scope="col" className="whitespace-nowrap px-2 py-1">
                        {fieldLabel(mapping[header]!, header)}
                      </th>
                    ))}
                    <th scope="col" className="px-2 py-1">
                      {t("preview.errors")}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {parsed.rows.slice(0, PREVIEW_ROWS).map((row, index) => {
                    const errors = errorsByRow.get(index + 1);
                    return (
                      <tr key={index} className={`border-b border-slate-100 ${errors ? "bg-red-50" : ""}`}>
                        <th scope="row" className="px-2 py-1 font-medium">
                          {index + 1}
                        </th>
                        {visibleHeaders.map((header) => (
                          <td key={header} className="max-w-48 truncate px-2 py-1" title={row[header]}>
                            {row[header]}
                          </td>
                        ))}
                        <td className="px-2 py-1">
                          {errors ? (
                            <ul className="text-red-800">
                              {errors.map((error) => (
                                <li key={`${error.path}-${error.message}`}>
                                  {pathLabel(error.path)}: {errorText.field(error)}
                                </li>
                              ))}
                            </ul>
                          ) : (
                            <span className="text-green-800">{t("preview.ok")}</span>
                          )}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            <div className="mt-3 space-y-2">
              {rowErrors.length === 0 ? (
                <Alert tone="success">{t("preview.summaryOk", { rows: parsed.rows.length })}</Alert>
              ) : (
                <Alert tone="warning">
                  <p>{t("preview.summaryErrors", { count: errorsByRow.size })}</p>
                  <ErrorList errors={rowErrors} title={t("preview.allErrors")} pathLabel={pathLabel} />
                </Alert>
              )}
            </div>
          </section>

          <div className="flex flex-wrap items-center gap-3">
            <Button
              onClick={() => void submit()}
              // The server would refuse the whole file while the preview shows errors: fix the file first.
              disabled={submitting || missing.length > 0 || rowErrors.length > 0 || outcome?.kind === "success"}
            >
              {submitting ? t("submitting") : t("submit", { rows: parsed.rows.length })}
            </Button>
            <Button variant="secondary" onClick={reset}>
              {t("again")}
            </Button>
          </div>
        </>
      ) : null}

      {outcome?.kind === "success" ? (
        <Alert tone="success">
          {t("success", { count: outcome.imported })}{" "}
          <Link href="/documents" className="font-medium underline">
            {t("back")}
          </Link>
        </Alert>
      ) : null}
      {outcome?.kind === "refused" ? (
        <Alert>
          <p>
            {outcome.errors.length
              ? t("refusedRows", { count: new Set(outcome.errors.map((error) => error.row)).size })
              : t("refused", { message: outcome.message })}
          </p>
          <ErrorList errors={outcome.errors} title={t("serverErrors")} pathLabel={pathLabel} />
        </Alert>
      ) : null}
      {outcome?.kind === "failed" ? <Alert>{t("refused", { message: outcome.message })}</Alert> : null}
    </div>
  );
}

function ErrorList({
  errors,
  title,
  pathLabel,
}: {
  errors: ImportRowError[];
  title: string;
  pathLabel: (path: string) => string;
}) {
  const t = useTranslations("csv.import");
  const errorText = useErrorText();
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
