"use client";

import { useStaffRole } from "@/components/layout/staff-role.tsx";
import { useRef, useState } from "react";
import { useFormatter, useTranslations } from "use-intl";
import { useErrorText } from "@/lib/api-client/error-text.ts";
import { ApiClientError, type ApiErrorBody } from "@/lib/api-client/fetch-json.ts";
import { leaveExpiredSession } from "@/lib/api-client/session-end.ts";
import { Button } from "@/components/ui/button.tsx";
import { Popover } from "@/components/ui/popover.tsx";
import { EXPORT_BASE_COLUMNS, type ExportBaseColumn, type ExportRequestBody } from "@/lib/documents/export-columns.ts";
import type { z } from "zod";
import type { ZDocumentFilters } from "@/lib/documents/search-schema.ts";

export type ExportFilterInput = z.input<typeof ZDocumentFilters>;

type State =
  | { phase: "idle" }
  | { phase: "running"; rows: number; bytes: number; total: number | null }
  | { phase: "done"; rows: number; bytes: number }
  | { phase: "cancelled" }
  | { phase: "failed"; message: string };

const QUOTE = 0x22;
const NEWLINE = 0x0a;

/** Counts CSV records in a byte stream: newlines outside quoted fields (UTF-8 never hides 0x22/0x0A in a character). */
function recordCounter() {
  let inQuotes = false;
  let records = 0;
  return (chunk: Uint8Array) => {
    for (let i = 0; i < chunk.length; i += 1) {
      const byte = chunk[i];
      if (byte === QUOTE) inQuotes = !inQuotes;
      else if (byte === NEWLINE && !inQuotes) records += 1;
    }
    return records;
  };
}

function fileNameFrom(disposition: string | null): string {
  return /filename="([^"]+)"/.exec(disposition ?? "")?.[1] ?? "documentos.csv";
}

/**
 * The spreadsheet export of a documents filter: POST /api/documents/export.{csv,xlsx} read as a stream, showing rows
 * and bytes received against X-Total-Count, then saved as a file; it can be cancelled mid-way. The choices (columns,
 * unmasked with a reason) are kept for the next export. `ExportButton` lays it out as buttons and a popover (the
 * dashboard); the documents list puts the same parts in its actions menu (./list-actions-menu.tsx).
 */
export function useExportDownload(filter: ExportFilterInput) {
  const t = useTranslations("csv.export");
  const errorText = useErrorText();
  const format = useFormatter();
  const [state, setState] = useState<State>({ phase: "idle" });
  const abort = useRef<AbortController | null>(null);
  const [chosen, setChosen] = useState<Set<ExportBaseColumn>>(() => new Set(EXPORT_BASE_COLUMNS));
  const [unmasked, setUnmasked] = useState(false);
  // Unmasked export is an admin's right (the server answers 403 to others): offered to admins only.
  const mayUnmask = useStaffRole() === "admin";
  const [reason, setReason] = useState("");
  const reasonMissing = unmasked && reason.trim().length < 5;

  const size = (bytes: number) =>
    bytes < 1024 * 1024
      ? `${format.number(bytes / 1024, { maximumFractionDigits: 0 })} KB`
      : `${format.number(bytes / (1024 * 1024), { maximumFractionDigits: 1 })} MB`;

  async function run(kind: "csv" | "xlsx" = "csv") {
    const controller = new AbortController();
    abort.current = controller;
    setState({ phase: "running", rows: 0, bytes: 0, total: null });
    try {
      // A POST from this page: the unmasked file is never a GET (a link elsewhere could start it and pick the
      // reason), and the reason is what the admin typed here. Product columns always follow the chosen base columns.
      const body: ExportRequestBody = {
        filter,
        ...(chosen.size < EXPORT_BASE_COLUMNS.length ? { columns: [...chosen] } : {}),
        ...(unmasked ? { unmasked: true, reason: reason.trim() } : {}),
      };
      const response = await fetch(`/api/documents/export.${kind}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
        signal: controller.signal,
        credentials: "same-origin",
      });
      if (!response.ok || !response.body) {
        const body = (await response.json().catch(() => null)) as ApiErrorBody | null;
        if (response.status === 401) leaveExpiredSession();
        const error = new ApiClientError(response.status, body ?? { status: "error", message: response.statusText });
        setState({ phase: "failed", message: errorText.text(error) });
        return;
      }
      const total = Number(response.headers.get("x-total-count"));
      const count = recordCounter();
      const reader = response.body.getReader();
      const chunks: Uint8Array<ArrayBuffer>[] = [];
      let bytes = 0;
      let rows = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value as Uint8Array<ArrayBuffer>);
        bytes += value.byteLength;
        // The CSV's records are counted as they arrive (the first is the header); an XLSX is a zip: its total.
        rows = kind === "csv" ? Math.max(0, count(value) - 1) : Number.isFinite(total) ? total : 0;
        setState({ phase: "running", rows, bytes, total: Number.isFinite(total) ? total : null });
      }
      const type = kind === "csv" ? "text/csv;charset=utf-8" : (response.headers.get("content-type") ?? "");
      const url = URL.createObjectURL(new Blob(chunks, { type }));
      const link = document.createElement("a");
      link.href = url;
      link.download = fileNameFrom(response.headers.get("content-disposition"));
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setState({ phase: "done", rows, bytes });
    } catch (error) {
      if (controller.signal.aborted) setState({ phase: "cancelled" });
      else setState({ phase: "failed", message: errorText.text(error) });
    } finally {
      abort.current = null;
    }
  }

  const running = state.phase === "running";
  const blocked = running || reasonMissing || chosen.size === 0;
  const options = (
    <div className="space-y-3 text-sm">
      <fieldset>
        <legend className="font-medium text-slate-900">{t("columns")}</legend>
        <div className="mt-1 grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-3">
          {EXPORT_BASE_COLUMNS.map((key) => (
            <label key={key} className="flex items-center gap-2">
              <input
                type="checkbox"
                checked={chosen.has(key)}
                onChange={(event) => {
                  const next = new Set(chosen);
                  if (event.target.checked) next.add(key);
                  else next.delete(key);
                  setChosen(next);
                }}
              />
              {t(`column.${key}`)}
            </label>
          ))}
        </div>
        <p className="mt-1 text-xs text-slate-700">{t("columnsHint")}</p>
      </fieldset>
      {mayUnmask ? (
        <div>
          <label className="flex items-center gap-2 font-medium text-slate-900">
            <input type="checkbox" checked={unmasked} onChange={(event) => setUnmasked(event.target.checked)} />
            {t("unmasked")}
          </label>
          <p className="text-xs text-slate-700">{t("unmaskedHint")}</p>
          {unmasked ? (
            <label className="mt-2 block">
              <span className="mb-1 block text-slate-800">{t("reason")}</span>
              <textarea
                rows={2}
                value={reason}
                required
                aria-invalid={reasonMissing || undefined}
                onChange={(event) => setReason(event.target.value)}
                className="w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm"
              />
              {reasonMissing ? <span className="text-xs text-red-700">{t("reasonRequired")}</span> : null}
            </label>
          ) : null}
        </div>
      ) : null}
    </div>
  );
  const progress = (
    <>
      {running ? (
        <>
          <progress
            className="h-2 w-40"
            aria-label={t("progressLabel")}
            max={state.total || undefined}
            value={state.total ? state.rows : undefined}
          />
          <Button variant="ghost" size="sm" onClick={() => abort.current?.abort()}>
            {t("cancel")}
          </Button>
        </>
      ) : null}
      <p role="status" aria-live="polite" className="text-sm text-slate-700">
        {state.phase === "running"
          ? t("progress", { rows: state.rows, total: state.total ?? 0, size: size(state.bytes) })
          : state.phase === "done"
            ? t("done", { rows: state.rows, size: size(state.bytes) })
            : state.phase === "cancelled"
              ? t("cancelled")
              : null}
      </p>
      {state.phase === "failed" ? (
        <p role="alert" className="text-sm text-red-700">
          {t("failed", { message: state.message })}
        </p>
      ) : null}
    </>
  );
  return { run, running, blocked, options, progress };
}

/** "Exportar planilha" as two buttons and an options popover, with the progress beside them. */
export function ExportButton({ filter, className = "" }: { filter: ExportFilterInput; className?: string }) {
  const t = useTranslations("csv.export");
  const download = useExportDownload(filter);
  return (
    <div className={`flex flex-wrap items-center gap-3 ${className}`}>
      <Button variant="secondary" onClick={() => void download.run()} disabled={download.blocked}>
        {t("button")}
      </Button>
      <Button variant="secondary" onClick={() => void download.run("xlsx")} disabled={download.blocked}>
        {t("buttonXlsx")}
      </Button>
      <Popover buttonContent={t("options")} panelLabel={t("options")} width="w-[30rem]">
        {() => download.options}
      </Popover>
      {download.progress}
    </div>
  );
}
