"use client";
// Deleting a status that documents are in: choose where they go, then "Mover os N documentos para … e excluir" —
// one request, one transaction on the server (lib/settings/server/delete-status.ts), each move in the history.

import { useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button.tsx";
import { Dialog } from "@/components/ui/dialog.tsx";
import { Alert } from "@/components/ui/feedback.tsx";
import { useErrorText } from "@/lib/api-client/error-text.ts";
import { useMoveAndDeleteStatus, type StatusRow } from "@/lib/api-client/settings.ts";

export function MoveAndDeleteDialog({
  status,
  statuses,
  onClose,
}: {
  status: StatusRow;
  statuses: StatusRow[];
  onClose: () => void;
}) {
  const t = useTranslations("settings");
  const errorText = useErrorText();
  const remove = useMoveAndDeleteStatus();
  const [target, setTarget] = useState("");
  const destination = statuses.find((other) => String(other.id) === target) ?? null;
  const count = status.document_count;
  return (
    <Dialog open title={t("common.confirmDelete", { name: status.name })} onClose={onClose}>
      <p className="mb-3 text-sm text-slate-700">{t("statuses.moveIntro", { count, name: status.name })}</p>
      <label className="mb-4 block text-sm font-medium text-slate-800">
        {t("statuses.moveTo")}
        <select
          value={target}
          onChange={(event) => setTarget(event.target.value)}
          className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm font-normal"
        >
          <option value="">{t("statuses.moveChoose")}</option>
          {statuses
            .filter((other) => other.id !== status.id)
            .map((other) => (
              <option key={other.id} value={other.id}>
                {other.name}
              </option>
            ))}
        </select>
      </label>
      {remove.error ? (
        <div className="mb-4">
          <Alert>{errorText.text(remove.error)}</Alert>
        </div>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {t("common.cancel")}
        </Button>
        <Button
          variant="danger"
          disabled={!destination || remove.isPending}
          onClick={() =>
            destination && remove.mutate({ id: status.id, moveTo: destination.id }, { onSuccess: onClose })
          }
        >
          {remove.isPending
            ? t("common.working")
            : t("statuses.moveAndDelete", { count, target: destination?.name ?? "…" })}
        </Button>
      </div>
    </Dialog>
  );
}
