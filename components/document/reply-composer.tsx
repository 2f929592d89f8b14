"use client";
// One composer for what staff write on a document: an internal note (the team only: never e-mailed, never on the
// tracking page) or a reply to the customer (on the tracking page; e-mailed now only when "Enviar por e-mail" is
// chosen, with the e-mail previewed as the customer will get it — rendered by the server's outbox code).

import { useEffect, useState } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import { useTranslations } from "use-intl";
import { z } from "zod";
import { Button } from "@/components/ui/button.tsx";
import { TextAreaField } from "@/components/ui/field.tsx";
import { Alert } from "@/components/ui/feedback.tsx";
import { useAddObservation, useMessagePreview, type StaffDocumentView } from "@/lib/api-client/document.ts";
import { useErrorText } from "@/lib/api-client/error-text.ts";
import { ApiClientError } from "@/lib/api-client/fetch-json.ts";

// Messages are translation keys (the form's language), the server's own rules are the same (createObservationSchema).
const composerSchema = z.object({
  mode: z.enum(["internal", "customer"]),
  text: z.string().trim().min(1, "required").max(10_000, "tooLong"),
  send_email: z.boolean(),
});
type ComposerValues = z.infer<typeof composerSchema>;

/** `value`, once it stopped changing for `ms` (the preview is asked for after typing pauses). */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** `personal`: the page revealed the document's personal data, so the preview asks for it in clear too. */
export function ReplyComposer({ view, personal }: { view: StaffDocumentView; personal: boolean }) {
  const t = useTranslations("document.composer");
  const errorText = useErrorText();
  const add = useAddObservation(view.document.id);
  const [outcome, setOutcome] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const form = useForm<ComposerValues>({
    resolver: zodResolver(composerSchema),
    defaultValues: { mode: "internal", text: "", send_email: false },
  });
  const [mode, sendEmail, text] = useWatch({ control: form.control, name: ["mode", "send_email", "text"] });
  const emailing = mode === "customer" && sendEmail;
  const settledText = useSettled(text, 400);
  const preview = useMessagePreview(
    view.document.id,
    emailing ? { kind: "reply", text: settledText, ...(personal ? { personal } : {}) } : null,
  );
  const noAddress = emailing && preview.data?.reason === "no_email";
  const textError = form.formState.errors.text?.message;

  const onSubmit = form.handleSubmit(async (values) => {
    setOutcome(null);
    try {
      await add.mutateAsync({
        text: values.text,
        visibility: values.mode,
        send_email: values.mode === "customer" && values.send_email,
      });
      form.reset({ mode: values.mode, text: "", send_email: false });
      setOutcome({
        tone: "success",
        text:
          values.mode === "internal" ? t("savedInternal") : values.send_email ? t("savedEmail") : t("savedCustomer"),
      });
    } catch (error) {
      const fields = error instanceof ApiClientError ? (error.body.errors ?? []) : [];
      for (const issue of fields) {
        form.setError(issue.path === "text" ? "text" : "root", { message: errorText.formField(issue) });
      }
      if (!fields.length) setOutcome({ tone: "error", text: t("error", { message: errorText.text(error) }) });
    }
  });

  return (
    <form className="mb-4 space-y-3" noValidate onSubmit={onSubmit} data-testid="reply-composer">
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-slate-700">{t("kind")}</legend>
        <div className="inline-flex flex-wrap rounded-md border border-slate-300 p-0.5 text-sm">
          {(["internal", "customer"] as const).map((value) => (
            <label
              key={value}
              className={`flex cursor-pointer items-center gap-1.5 rounded px-3 py-1.5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 ${
                mode === value ? (value === "internal" ? "bg-slate-800 text-white" : "bg-sky-700 text-white") : ""
              }`}
            >
              <input
                type="radio"
                value={value}
                className="sr-only"
                {...form.register("mode", { onChange: () => setOutcome(null) })}
              />
              {t(value)}
            </label>
          ))}
        </div>
      </fieldset>
      <p className="text-xs text-slate-700" data-testid="composer-hint">
        {mode === "internal" ? t("internalHint") : sendEmail ? t("emailHint") : t("customerHint")}
      </p>
      <TextAreaField
        label={t("text")}
        rows={4}
        error={textError ? (textError === "required" || textError === "tooLong" ? t(textError) : textError) : undefined}
        {...form.register("text")}
      />
      {mode === "customer" ? (
        <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
          <input type="checkbox" className="h-4 w-4" {...form.register("send_email")} />
          {t("sendEmail")}
        </label>
      ) : null}
      {emailing ? <EmailPreview preview={preview} /> : null}
      {form.formState.errors.root?.message ? <Alert>{form.formState.errors.root.message}</Alert> : null}
      <div className="flex flex-wrap items-center justify-end gap-3">
        <Button type="submit" disabled={add.isPending || noAddress}>
          {add.isPending
            ? t("saving")
            : mode === "internal"
              ? t("submitInternal")
              : sendEmail
                ? t("submitEmail")
                : t("submitCustomer")}
        </Button>
      </div>
      <div aria-live="polite">{outcome ? <Alert tone={outcome.tone}>{outcome.text}</Alert> : null}</div>
    </form>
  );
}

/** The e-mail exactly as it would leave: recipient (masked), subject and text from the server's rendering. */
function EmailPreview({ preview }: { preview: ReturnType<typeof useMessagePreview> }) {
  const t = useTranslations("document.composer.preview");
  const errorText = useErrorText();
  const data = preview.data;
  return (
    <section
      aria-label={t("title")}
      className="rounded-md border border-sky-200 bg-sky-50/60 p-3 text-sm"
      data-testid="email-preview"
    >
      <h3 className="mb-2 text-xs font-semibold uppercase tracking-wide text-sky-900">{t("title")}</h3>
      {preview.isError ? (
        <p className="text-red-800">{t("error", { message: errorText.text(preview.error) })}</p>
      ) : !data ? (
        <p className="text-slate-700">{t("loading")}</p>
      ) : !data.send ? (
        <p className="text-amber-900" role="status">
          {t("noEmail")}
        </p>
      ) : (
        <div className="space-y-2" aria-busy={preview.isFetching}>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
            <dt className="text-slate-600">{t("to")}</dt>
            <dd className="break-all font-medium text-slate-900" data-testid="preview-to">
              {data.recipient}
            </dd>
            <dt className="text-slate-600">{t("subject")}</dt>
            <dd className="font-medium text-slate-900 [overflow-wrap:anywhere]" data-testid="preview-subject">
              {data.subject}
            </dd>
          </dl>
          <pre
            className="max-h-72 overflow-auto whitespace-pre-wrap [overflow-wrap:anywhere] rounded border border-slate-200 bg-white p-3 font-sans text-slate-900"
            data-testid="preview-body"
          >
            {data.body}
          </pre>
          {!data.configured ? <p className="text-xs text-amber-900">{t("notConfigured")}</p> : null}
        </div>
      )}
    </section>
  );
}
