"use client";
// "Enviar teste" of a status's saved message template: to an address the admin types, through the outbox and SMTP as
// a customer's e-mail goes, "[TESTE]" in the subject (lib/outbox/server/send-test-message.ts). It sits inside the status
// dialog's form, so it is not a form of its own: Enter in its field sends the test, not the dialog.

import { useState } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useTranslations } from "use-intl";
import { z } from "zod";
import { Button } from "@/components/ui/button.tsx";
import { TextField } from "@/components/ui/field.tsx";
import { Alert } from "@/components/ui/feedback.tsx";
import { useErrorText } from "@/lib/api-client/error-text.ts";
import { ApiClientError } from "@/lib/api-client/fetch-json.ts";
import { useSendStatusTest } from "@/lib/api-client/settings.ts";
import { testMessageSchema } from "@/lib/outbox/schemas.ts";

const formSchema = z.object({ to: z.string().trim().pipe(testMessageSchema.shape.to) });

export function StatusTestSend({ statusId }: { statusId: number }) {
  const t = useTranslations("settings.statuses.message");
  const errorText = useErrorText();
  const send = useSendStatusTest(statusId);
  const [done, setDone] = useState<string | null>(null);
  const form = useForm<z.infer<typeof formSchema>>({ resolver: zodResolver(formSchema), defaultValues: { to: "" } });
  const run = form.handleSubmit(async ({ to }) => {
    setDone(null);
    try {
      const queued = await send.mutateAsync(to);
      setDone(queued.subject);
    } catch (error) {
      const field =
        error instanceof ApiClientError ? error.body.errors?.find((issue) => issue.path === "to") : undefined;
      form.setError(field ? "to" : "root", {
        type: "server",
        message: field ? errorText.formField(field) : errorText.text(error),
      });
    }
  });
  const toIssue = form.formState.errors.to;
  // The browser check's own words, or the server's (already in the user's language).
  const toError = toIssue ? (toIssue.type === "server" ? toIssue.message : t("testRequired")) : undefined;
  return (
    <div className="space-y-2 rounded-md border border-dashed border-slate-300 p-3" data-testid="status-test-send">
      <p className="text-sm font-medium text-slate-800">{t("testTitle")}</p>
      <p className="text-xs text-slate-600">{t("testHint")}</p>
      <div className="flex flex-wrap items-start gap-2">
        <TextField
          label={t("testTo")}
          type="email"
          autoComplete="off"
          className="min-w-0 flex-1"
          error={toError}
          {...form.register("to")}
          onKeyDown={(event) => {
            if (event.key !== "Enter") return;
            event.preventDefault();
            void run();
          }}
        />
        <Button type="button" variant="secondary" className="mt-6" disabled={send.isPending} onClick={() => void run()}>
          {send.isPending ? t("testSending") : t("testSend")}
        </Button>
      </div>
      <div aria-live="polite">
        {done ? <Alert tone="success">{t("testQueued", { subject: done })}</Alert> : null}
        {form.formState.errors.root?.message ? <Alert>{form.formState.errors.root.message}</Alert> : null}
      </div>
    </div>
  );
}
