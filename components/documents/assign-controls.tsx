"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button.tsx";
import { Alert } from "@/components/ui/feedback.tsx";
import { useAssignDocuments, type AssignResult } from "@/lib/api-client/documents.ts";
import { useErrorText } from "@/lib/api-client/error-text.ts";
import type { DocumentListItem, FilterOptions } from "@/lib/documents/search-schema.ts";

type Outcome = { tone: "success" | "warning" | "error"; lines: string[]; undo: AssignResult[] | null };
type Users = FilterOptions["users"];

/**
 * Assigning in one step (no confirmation) with "Desfazer": the outcome keeps each document's previous responsible,
 * and undo puts every one of them back (one updateById per document, as the change itself).
 */
export function useAssignWithUndo(users: Users) {
  const t = useTranslations("operator.assign");
  const errorText = useErrorText();
  const assign = useAssignDocuments();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const nameOf = (id: number | null) =>
    id === null ? t("nobody") : (users.find((user) => user.id === id)?.name ?? `#${id}`);

  function run(items: Pick<DocumentListItem, "id" | "protocol" | "assignee">[], userId: number | null, taken = false) {
    setOutcome(null);
    assign.mutate(
      {
        documents: items.map((item) => ({ id: item.id, protocol: item.protocol, previous: item.assignee?.id ?? null })),
        userId,
      },
      {
        onSuccess: (results) => {
          const ok = results.filter((result) => result.ok);
          const failed = results.filter((result) => !result.ok);
          const lines = [
            ...(ok.length === 0
              ? []
              : taken && ok.length === 1
                ? [t("taken", { protocol: ok[0]!.protocol })]
                : ok.length === 1
                  ? [t("assigned", { name: nameOf(userId) })]
                  : [t("bulkDone", { ok: ok.length, name: nameOf(userId) })]),
            ...failed.map((result) =>
              t("bulkFailed", { protocol: result.protocol, message: errorText.text(result.error) }),
            ),
          ];
          setOutcome({ tone: failed.length ? "warning" : "success", lines, undo: ok.length ? ok : null });
        },
        onError: (error) =>
          setOutcome({ tone: "error", lines: [t("error", { message: errorText.text(error) })], undo: null }),
      },
    );
  }

  function undo(results: AssignResult[]) {
    setOutcome(null);
    // Each document goes back to its own previous responsible (grouped so one run per previous person).
    const byPrevious = new Map<number | null, AssignResult[]>();
    for (const result of results) byPrevious.set(result.previous, [...(byPrevious.get(result.previous) ?? []), result]);
    for (const [previous, group] of byPrevious) {
      assign.mutate(
        { documents: group.map(({ id, protocol }) => ({ id, protocol, previous: null })), userId: previous },
        {
          onSuccess: () =>
            setOutcome({ tone: "success", lines: [t("undone", { name: nameOf(previous) })], undo: null }),
          onError: (error) =>
            setOutcome({ tone: "error", lines: [t("error", { message: errorText.text(error) })], undo: null }),
        },
      );
    }
  }

  const view = outcome ? (
    <Alert tone={outcome.tone}>
      <div className="flex flex-wrap items-center gap-3" data-testid="assign-outcome">
        <div>
          {outcome.lines.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
        {outcome.undo ? (
          <Button variant="secondary" size="sm" onClick={() => undo(outcome.undo!)}>
            {t("undo")}
          </Button>
        ) : null}
        <Button variant="ghost" size="sm" className="ml-auto" onClick={() => setOutcome(null)} aria-label="×">
          <span aria-hidden>×</span>
        </Button>
      </div>
    </Alert>
  ) : null;

  return { run, pending: assign.isPending, view, nameOf };
}

/** The bulk bar's "Responsável" select and "Atribuir selecionados" (no confirmation: the outcome offers undo). */
export function BulkAssign({
  users,
  me,
  disabled,
  onAssign,
}: {
  users: Users;
  me: number | null;
  disabled: boolean;
  onAssign: (userId: number | null) => void;
}) {
  const t = useTranslations("operator.assign");
  const [target, setTarget] = useState("");
  const meUser = users.find((user) => user.id === me);
  return (
    <>
      <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
        {t("bulkLabel")}
        <select
          value={target}
          onChange={(event) => setTarget(event.target.value)}
          className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm font-normal"
        >
          <option value="">{t("choose")}</option>
          {meUser ? <option value={meUser.id}>{t("me", { name: meUser.name })}</option> : null}
          {users
            .filter((user) => !user.disabled && user.id !== me)
            .map((user) => (
              <option key={user.id} value={user.id}>
                {user.name}
              </option>
            ))}
          <option value="none">{t("nobody")}</option>
        </select>
      </label>
      <Button
        size="sm"
        variant="secondary"
        disabled={disabled || !target}
        onClick={() => {
          onAssign(target === "none" ? null : Number(target));
          setTarget("");
        }}
      >
        {t("bulkApply")}
      </Button>
    </>
  );
}
