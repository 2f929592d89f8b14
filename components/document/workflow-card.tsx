"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { useErrorText } from "@/lib/api-client/error-text.ts";
import { Button } from "@/components/ui/button.tsx";
import { SelectField } from "@/components/ui/field.tsx";
import { Alert, Card } from "@/components/ui/feedback.tsx";
import { ApiClientError } from "@/lib/api-client/fetch-json.ts";
import { useQueryClient } from "@tanstack/react-query";
import {
  messagePreviewQuery,
  useUpdateDocument,
  type DocumentChange,
  type MessagePreview,
  type StaffDocumentView,
} from "@/lib/api-client/document.ts";
import { ConfirmDialog } from "@/components/ui/confirm-dialog.tsx";
import { ResponsibleForm } from "./responsible-form.tsx";

type Pending = { message: string; change: DocumentChange; target: string; kind: "status" | "other" };
type Outcome = { tone: "success" | "error"; text: string } | null;

/**
 * Change status / modality, each confirmed first; the responsible changes in one step with undo (ResponsibleForm). The status select offers only the moves the
 * transitions allow; a move the server still refuses (409: the document or the workflow changed meanwhile) is
 * explained in words and the page's data is refreshed.
 */
export function WorkflowCard({
  view,
  me,
  personal,
}: {
  view: StaffDocumentView;
  me: number | null;
  personal: boolean;
}) {
  const t = useTranslations("document.workflow");
  const errorText = useErrorText();
  const update = useUpdateDocument(view.document.id);
  const [pending, setPending] = useState<Pending | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [statusId, setStatusId] = useState("");
  const [modality, setModality] = useState("");

  const queryClient = useQueryClient();

  /** What the confirmation says about the customer: the e-mail's subject and recipient, or why none leaves. */
  function notifyText(target: number, preview: MessagePreview | null): string {
    if (preview) {
      if (preview.send && preview.subject && preview.recipient) {
        const values = { recipient: preview.recipient, subject: preview.subject };
        return preview.configured ? t("notifySubject", values) : t("notifySubjectQueued", values);
      }
      return preview.reason === "no_email" ? t("notifyNoEmail") : t("notifyNone");
    }
    // The preview could not be fetched: what the page already knows.
    return !view.notify.status_ids.includes(target)
      ? t("notifyNone")
      : !view.notify.recipient
        ? t("notifyNoEmail")
        : !view.notify.configured
          ? t("notifyNotConfigured", { recipient: view.notify.recipient })
          : t("notifyEmail", { recipient: view.notify.recipient });
  }

  const statusName = (id: number) => view.statuses.find((status) => status.id === id)?.name ?? String(id);
  const targets = view.allowed_status_ids.map((id) => ({ id, name: statusName(id) }));

  function confirm() {
    if (!pending) return;
    const { change, target, kind } = pending;
    setPending(null);
    setOutcome(null);
    update.mutate(change, {
      onSuccess: () => {
        setOutcome({ tone: "success", text: t("saved") });
        // Only the field this change was about: the answer can land after the user picked a value in another one
        // (the page already shows the saved change while the refetch it triggered is still running).
        if ("status_id" in change) setStatusId("");
        if ("modality_identifier" in change) setModality("");
      },
      onError: (error) => {
        const refused = kind === "status" && error instanceof ApiClientError && error.status === 409;
        setOutcome({
          tone: "error",
          text: refused ? t("refused", { to: target }) : t("error", { message: errorText.text(error) }),
        });
        if (refused) setStatusId("");
      },
    });
  }

  return (
    <Card title={t("title")}>
      <div className="space-y-5">
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={async (event) => {
            event.preventDefault();
            if (!statusId) return;
            const target = Number(statusId);
            const to = statusName(target);
            // Asked for at confirmation time (never a cached answer: the template may have changed meanwhile).
            const preview = await queryClient
              .fetchQuery({
                ...messagePreviewQuery(view.document.id, {
                  kind: "status",
                  status_id: target,
                  ...(personal ? { personal } : {}),
                }),
                staleTime: 0,
              })
              .catch(() => null);
            setPending({
              kind: "status",
              target: to,
              message: `${t("confirmStatus", { from: view.status.name, to })} ${notifyText(target, preview)}`,
              change: { status_id: target },
            });
          }}
        >
          {targets.length > 0 ? (
            <>
              <SelectField
                label={t("status")}
                value={statusId}
                onChange={(event) => setStatusId(event.target.value)}
                className="min-w-0 flex-1"
              >
                <option value="">{t("choose")}</option>
                {targets.map((target) => (
                  <option key={target.id} value={target.id}>
                    {target.name}
                  </option>
                ))}
              </SelectField>
              <Button type="submit" disabled={!statusId || update.isPending}>
                {t("changeStatus")}
              </Button>
            </>
          ) : (
            <p className="text-sm text-slate-700" data-testid="workflow-no-targets">
              {view.status_final ? t("finalStatus", { status: view.status.name }) : t("noTargets")}
            </p>
          )}
        </form>

        <ResponsibleForm view={view} me={me} />

        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (!modality) return;
            const to = modality === "none" ? null : modality;
            const from = view.document.modality_identifier ?? t("none");
            setPending({
              kind: "other",
              target: to ?? t("none"),
              message: t("confirmModality", { from, to: to ?? t("none") }),
              change: { modality_identifier: to },
            });
          }}
        >
          <SelectField
            label={t("modality")}
            value={modality}
            onChange={(event) => setModality(event.target.value)}
            className="min-w-0 flex-1"
          >
            <option value="">{t("choose")}</option>
            {view.document.modality_identifier !== null ? <option value="none">{t("none")}</option> : null}
            {view.modalities
              .filter((item) => item.identifier !== view.document.modality_identifier)
              .map((item) => (
                <option key={item.id} value={item.identifier}>
                  {item.identifier}
                </option>
              ))}
          </SelectField>
          <Button type="submit" variant="secondary" disabled={!modality || update.isPending}>
            {t("changeModality")}
          </Button>
        </form>

        <div aria-live="polite">
          {update.isPending ? <p className="text-sm text-slate-700">{t("saving")}</p> : null}
          {outcome ? <Alert tone={outcome.tone}>{outcome.text}</Alert> : null}
        </div>
      </div>
      <ConfirmDialog
        open={pending !== null}
        title={t("confirmTitle")}
        message={pending?.message ?? ""}
        focusConfirm
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      />
    </Card>
  );
}
