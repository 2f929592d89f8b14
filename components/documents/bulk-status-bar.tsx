"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button.tsx";
import { Dialog } from "@/components/ui/dialog.tsx";
import { Alert } from "@/components/ui/feedback.tsx";
import { useBulkStatusChange, type BulkStatusResult } from "@/lib/api-client/documents.ts";
import { useErrorText } from "@/lib/api-client/error-text.ts";
import type { DocumentListItem, FilterOptions } from "@/lib/documents/search-schema.ts";

/** Bulk status change of the selected rows, confirmed first; each document's outcome is listed afterwards. */
export function BulkStatusBar({
  selected,
  statuses,
  onClear,
  onDone,
  children,
}: {
  selected: DocumentListItem[];
  statuses: FilterOptions["statuses"];
  onClear: () => void;
  onDone: (succeededIds: number[]) => void;
  /** More bulk actions on the same selection (the bulk assign). */
  children?: React.ReactNode;
}) {
  const t = useTranslations("documents.bulk");
  const tc = useTranslations("common");
  const errorText = useErrorText();
  const [statusId, setStatusId] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [results, setResults] = useState<BulkStatusResult[] | null>(null);
  const change = useBulkStatusChange();
  // Each target is offered only when every selected document's status allows the move (the server refuses the others
  // one by one); a refused target stays in the list, disabled, with the first reason.
  const byId = new Map(statuses.map((status) => [status.id, status]));
  const fromStatuses = [...new Set(selected.map((item) => item.status.id))].flatMap((id) => byId.get(id) ?? []);
  const refusal = (target: FilterOptions["statuses"][number]) => {
    if (fromStatuses.length > 0 && fromStatuses.every((from) => from.id === target.id)) {
      return t("alreadyIn", { status: target.name });
    }
    for (const from of fromStatuses) {
      if (from.id === target.id) continue;
      if (from.allowed_status_ids.length === 0) {
        if (from.final) return t("finalFrom", { status: target.name, from: from.name });
        continue;
      }
      if (!from.allowed_status_ids.includes(target.id)) {
        return t("notAllowedFrom", { status: target.name, from: from.name });
      }
    }
    return null;
  };
  const target = statuses.find((status) => String(status.id) === statusId && refusal(status) === null);

  const describe = (result: BulkStatusResult) =>
    result.ok
      ? t("resultOk", { protocol: result.protocol })
      : t("resultFailed", { protocol: result.protocol, message: errorText.text(result.error) });

  return (
    <div className="space-y-2">
      {selected.length > 0 ? (
        <div
          className="flex min-h-9 flex-wrap items-center gap-3 rounded-lg border border-brand-100 bg-brand-50 px-3 py-1 shadow-sm"
          role="group"
          aria-label={t("apply")}
        >
          <p className="self-center text-sm font-medium text-slate-800" aria-live="polite">
            {t("selected", { count: selected.length })}
          </p>
          <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
            {t("targetStatus")}
            <select
              value={target ? statusId : ""}
              title={t("transitionsHint")}
              onChange={(event) => setStatusId(event.target.value)}
              className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm font-normal"
            >
              <option value="">{t("choose")}</option>
              {statuses.map((status) => {
                const reason = refusal(status);
                return (
                  <option key={status.id} value={status.id} disabled={reason !== null}>
                    {reason ?? status.name}
                  </option>
                );
              })}
            </select>
          </label>
          <Button
            size="sm"
            disabled={selected.length === 0 || !target || change.isPending}
            onClick={() => {
              setResults(null);
              setConfirming(true);
            }}
          >
            {t("apply")}
          </Button>
          {children}
          {selected.length ? (
            <Button variant="ghost" size="sm" onClick={onClear}>
              {t("clearSelection")}
            </Button>
          ) : null}
          {change.isPending ? <span className="self-center text-sm text-slate-600">{t("running")}</span> : null}
        </div>
      ) : null}

      {results ? (
        <Alert tone={results.every((result) => result.ok) ? "success" : "warning"}>
          <div className="flex items-start justify-between gap-3">
            <div>
              <p className="font-semibold">{t("resultsTitle")}</p>
              <p>{t("summary", { ok: results.filter((result) => result.ok).length, total: results.length })}</p>
              <ul className="mt-1 list-disc pl-5">
                {results.map((result) => (
                  <li key={result.id} data-outcome={result.ok ? "ok" : "failed"}>
                    {describe(result)}
                  </li>
                ))}
              </ul>
            </div>
            <Button variant="ghost" size="sm" onClick={() => setResults(null)}>
              {tc("actions.close")}
            </Button>
          </div>
        </Alert>
      ) : null}

      <Dialog open={confirming} title={t("confirmTitle")} onClose={() => setConfirming(false)}>
        <p className="mb-4 text-sm">{t("confirmBody", { count: selected.length, status: target?.name ?? "" })}</p>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            {tc("actions.cancel")}
          </Button>
          <Button
            onClick={() => {
              if (!target) return;
              setConfirming(false);
              change.mutate(
                { documents: selected.map(({ id, protocol }) => ({ id, protocol })), statusId: target.id },
                {
                  onSuccess: (outcome) => {
                    setResults(outcome);
                    onDone(outcome.filter((result) => result.ok).map((result) => result.id));
                  },
                },
              );
            }}
          >
            {tc("actions.confirm")}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
