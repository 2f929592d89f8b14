"use client";
// The reply e-mail's template (a reply to the customer is its own e-mail, not a status notice): subject and body with
// the reply's placeholders, the default text shown when a field is empty, and "Enviar teste" as for status templates.

import { useState } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useTranslations } from "use-intl";
import { z } from "zod";
import { Button } from "@/components/ui/button.tsx";
import { TextAreaField, TextField } from "@/components/ui/field.tsx";
import { Alert, Card } from "@/components/ui/feedback.tsx";
import { useErrorText } from "@/lib/api-client/error-text.ts";
import { ApiClientError } from "@/lib/api-client/fetch-json.ts";
import { useReplyTemplate, useSaveReplyTemplate, useSendReplyTest } from "@/lib/api-client/settings.ts";
import { replyTemplateSchema, testMessageSchema } from "@/lib/outbox/schemas.ts";

const orNull = (text: string) => (text.trim() ? text : null);
const formSchema = z
  .object({ subject: z.string(), body: z.string() })
  .transform((values) => ({ subject: orNull(values.subject), body: orNull(values.body) }))
  .pipe(replyTemplateSchema);

export function ReplyTemplateCard() {
  const template = useReplyTemplate();
  if (!template.data) return null;
  return <ReplyTemplateForm saved={template.data} key={`${template.data.subject}|${template.data.body}`} />;
}

function ReplyTemplateForm({
  saved,
}: {
  saved: { subject: string | null; body: string | null; default_subject: string; default_body: string };
}) {
  const t = useTranslations("settings.replyTemplate");
  const errorText = useErrorText();
  const save = useSaveReplyTemplate();
  const [done, setDone] = useState(false);
  const form = useForm<z.input<typeof formSchema>, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: { subject: saved.subject ?? "", body: saved.body ?? "" },
  });
  const submit = form.handleSubmit(async (input) => {
    setDone(false);
    try {
      await save.mutateAsync(input);
      setDone(true);
    } catch (error) {
      const issues = error instanceof ApiClientError ? (error.body.errors ?? []) : [];
      for (const issue of issues) {
        if (issue.path === "subject" || issue.path === "body") {
          form.setError(issue.path, { type: "server", message: errorText.formField(issue) });
        }
      }
      if (!issues.length) form.setError("root", { type: "server", message: errorText.text(error) });
    }
  });
  const errors = form.formState.errors;
  return (
    <Card title={t("title")}>
      <form onSubmit={submit} className="space-y-3" noValidate data-testid="reply-template">
        <p className="text-sm text-slate-700">{t("intro")}</p>
        <p className="text-xs text-slate-600">{t("placeholders")}</p>
        {errors.root ? <Alert>{errors.root.message}</Alert> : null}
        {done ? <Alert tone="success">{t("saved")}</Alert> : null}
        <TextField
          label={t("subject")}
          placeholder={saved.default_subject}
          error={errors.subject?.message}
          {...form.register("subject")}
        />
        <TextAreaField
          label={t("body")}
          rows={9}
          placeholder={saved.default_body}
          hint={t("bodyHint")}
          error={errors.body?.message}
          {...form.register("body")}
        />
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {t("save")}
        </Button>
      </form>
      <ReplyTestSend />
    </Card>
  );
}

const testSchema = z.object({ to: z.string().trim().pipe(testMessageSchema.shape.to) });

function ReplyTestSend() {
  const t = useTranslations("settings.replyTemplate");
  const errorText = useErrorText();
  const send = useSendReplyTest();
  const [done, setDone] = useState<string | null>(null);
  const form = useForm<z.infer<typeof testSchema>>({ resolver: zodResolver(testSchema), defaultValues: { to: "" } });
  const run = form.handleSubmit(async ({ to }) => {
    setDone(null);
    try {
      setDone((await send.mutateAsync(to)).subject);
    } catch (error) {
      form.setError("to", { type: "server", message: errorText.text(error) });
    }
  });
  return (
    <form onSubmit={run} className="mt-4 space-y-2 rounded-md border border-dashed border-slate-300 p-3" noValidate>
      <p className="text-sm font-medium text-slate-800">{t("testTitle")}</p>
      <div className="flex flex-wrap items-start gap-2">
        <TextField
          label={t("testTo")}
          type="email"
          className="min-w-0 flex-1"
          error={form.formState.errors.to ? (form.formState.errors.to.message ?? t("testTo")) : undefined}
          {...form.register("to")}
        />
        <Button type="submit" variant="secondary" className="mt-6" disabled={send.isPending}>
          {t("testSend")}
        </Button>
      </div>
      {done ? <p className="text-sm text-green-800">{t("testQueued", { subject: done })}</p> : null}
    </form>
  );
}
