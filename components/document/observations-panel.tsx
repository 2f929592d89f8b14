"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { useErrorText } from "@/lib/api-client/error-text.ts";
import { Button } from "@/components/ui/button.tsx";
import { TextAreaField } from "@/components/ui/field.tsx";
import { Alert, Card } from "@/components/ui/feedback.tsx";
import { useAddObservation, type StaffDocumentView } from "@/lib/api-client/document.ts";
import { useDateTime } from "./format.ts";

type Visibility = "internal" | "customer";

/** Notes on the document, newest first; staff add them as internal or addressed to the customer. */
export function ObservationsPanel({ view }: { view: StaffDocumentView }) {
  const t = useTranslations("document.observations");
  const errorText = useErrorText();
  const dateTime = useDateTime();
  const add = useAddObservation(view.document.id);
  const [text, setText] = useState("");
  const [visibility, setVisibility] = useState<Visibility>("internal");
  const [message, setMessage] = useState<{ tone: "success" | "error"; text: string } | null>(null);

  return (
    <Card title={t("title")}>
      {view.permissions.can_edit ? (
        <form
          className="mb-4 space-y-3"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!text.trim()) return setMessage({ tone: "error", text: t("required") });
            setMessage(null);
            add.mutate(
              { text, visibility },
              {
                onSuccess: () => {
                  setText("");
                  setMessage({ tone: "success", text: t("added") });
                },
                onError: (error) => setMessage({ tone: "error", text: t("error", { message: errorText.text(error) }) }),
              },
            );
          }}
        >
          <TextAreaField label={t("text")} rows={3} value={text} onChange={(event) => setText(event.target.value)} />
          <div className="flex flex-wrap items-center justify-between gap-3">
            <fieldset className="flex flex-wrap items-center gap-4 text-sm">
              <legend className="sr-only">{t("visibility")}</legend>
              <span aria-hidden className="font-medium text-slate-700">
                {t("visibility")}:
              </span>
              {(["internal", "customer"] as const).map((value) => (
                <label key={value} className="flex items-center gap-1.5">
                  <input
                    type="radio"
                    name="observation-visibility"
                    value={value}
                    checked={visibility === value}
                    onChange={() => setVisibility(value)}
                  />
                  {t(value)}
                </label>
              ))}
            </fieldset>
            {visibility === "customer" ? (
              <p className="w-full text-xs text-slate-700" data-testid="customer-note-hint">
                {t("customerHint")}
              </p>
            ) : null}
            <Button type="submit" disabled={add.isPending}>
              {add.isPending ? t("adding") : t("add")}
            </Button>
          </div>
          <div aria-live="polite">{message ? <Alert tone={message.tone}>{message.text}</Alert> : null}</div>
        </form>
      ) : null}
      {view.observations.length === 0 ? (
        <p className="text-sm text-slate-700">{t("empty")}</p>
      ) : (
        <ul className="space-y-3">
          {view.observations.map((observation) => (
            <li key={observation.id} className="rounded-md border border-slate-200 p-3">
              <div className="mb-1 flex flex-wrap items-center gap-2 text-xs text-slate-600">
                <span
                  className={`rounded-full px-2 py-0.5 font-semibold ${
                    observation.visibility === "customer" ? "bg-sky-100 text-sky-900" : "bg-slate-200 text-slate-800"
                  }`}
                >
                  {t(observation.visibility as Visibility)}
                </span>
                <span>{t("by", { author: observation.author, date: dateTime(observation.created_at) })}</span>
              </div>
              <p className="whitespace-pre-wrap break-words text-sm text-slate-900">{observation.text}</p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
