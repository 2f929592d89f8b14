"use client";

import { useState } from "react";
import { useWatch } from "react-hook-form";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button.tsx";
import { SelectField } from "@/components/ui/field.tsx";
import { Alert } from "@/components/ui/feedback.tsx";
import { useZodForm } from "@/components/ui/zod-form.ts";
import { useUpdateDocument, type StaffDocumentView } from "@/lib/api-client/document.ts";
import { useErrorText } from "@/lib/api-client/error-text.ts";

type Outcome = { tone: "success" | "error"; text: string; undoTo?: number | null };

/**
 * "Assumir" (take it yourself) and "Atribuir a" someone else, each one step, no confirmation: the outcome offers
 * "Desfazer", which puts the previous responsible back. The server checks the role (staff) and the user's instance,
 * and records the change in the history like any other.
 */
export function ResponsibleForm({ view, me }: { view: StaffDocumentView; me: number | null }) {
  const t = useTranslations("operator.assign");
  const tw = useTranslations("document.workflow");
  const errorText = useErrorText();
  const update = useUpdateDocument(view.document.id);
  // One choice, no field to be wrong: every failure is said in the outcome line, as before.
  const form = useZodForm<{ target: string }>({ fields: [], defaultValues: { target: "" } });
  const target = useWatch({ control: form.control, name: "target" });
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const current = view.document.user_id;
  const nameOf = (id: number | null) =>
    id === null ? t("nobody") : (view.users.find((user) => user.id === id)?.name ?? `#${id}`);

  function assign(to: number | null, undoing = false) {
    const previous = current;
    setOutcome(null);
    update.mutate(
      { user_id: to },
      {
        onSuccess: () => {
          form.reset();
          setOutcome(
            undoing
              ? { tone: "success", text: t("undone", { name: nameOf(to) }) }
              : { tone: "success", text: t("assigned", { name: nameOf(to) }), undoTo: previous },
          );
        },
        onError: (error) => setOutcome({ tone: "error", text: t("error", { message: errorText.text(error) }) }),
      },
    );
  }

  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-700">
        {tw("responsible")}: <span className="font-medium text-slate-900">{nameOf(current)}</span>
      </p>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={form.handleSubmit((values) => {
          if (values.target) assign(values.target === "none" ? null : Number(values.target));
        })}
      >
        {me !== null && current !== me ? (
          <Button type="button" disabled={update.isPending} onClick={() => assign(me)}>
            {t("take")}
          </Button>
        ) : null}
        <SelectField label={t("assignTo")} className="min-w-0 flex-1" {...form.register("target")}>
          <option value="">{t("choose")}</option>
          {current !== null ? <option value="none">{t("nobody")}</option> : null}
          {view.users
            .filter((user) => user.id !== current && !user.disabled)
            .map((user) => (
              <option key={user.id} value={user.id}>
                {user.name}
              </option>
            ))}
        </SelectField>
        <Button type="submit" variant="secondary" disabled={!target || update.isPending}>
          {t("assign")}
        </Button>
      </form>
      <div aria-live="polite">
        {outcome ? (
          <Alert tone={outcome.tone}>
            <span className="flex flex-wrap items-center gap-3" data-testid="assign-outcome">
              {outcome.text}
              {outcome.undoTo !== undefined ? (
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={update.isPending}
                  onClick={() => assign(outcome.undoTo ?? null, true)}
                >
                  {t("undo")}
                </Button>
              ) : null}
            </span>
          </Alert>
        ) : null}
      </div>
    </div>
  );
}
