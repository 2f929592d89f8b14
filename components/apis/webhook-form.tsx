"use client";

import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button.tsx";
import { TextField } from "@/components/ui/field.tsx";
import { Alert } from "@/components/ui/feedback.tsx";
import { useZodForm } from "@/components/ui/zod-form.ts";
import { useCreateWebhook, useUpdateWebhook, type CreatedWebhook, type WebhookRow } from "@/lib/api-client/webhooks.ts";
import { WEBHOOK_EVENTS, type WebhookEvent } from "@/lib/webhooks/event-names.ts";
import { DEFAULT_PAYLOAD_DETAIL, PAYLOAD_DETAILS, type PayloadDetail } from "@/lib/webhooks/payload-detail.ts";

type WebhookValues = { url: string; events: WebhookEvent[]; payload: PayloadDetail };

/** Register an endpoint: URL, the events it receives and how much of a document they carry. The created secret goes
 * to `onCreated` (shown once). With `endpoint`, the same form edits that endpoint (its secret is unchanged).
 * react-hook-form without a browser schema: the URL rule needs the server's allow-list (lib/webhooks/destination.ts
 * reads the config), so the server checks and its field errors show under the URL and the events. */
export function WebhookForm(
  props:
    | { endpoint?: undefined; onCreated: (created: CreatedWebhook) => void }
    | { endpoint: WebhookRow; onSaved: () => void; onCancel: () => void },
) {
  const t = useTranslations("apis.webhooks");
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const editing = props.endpoint;
  const mutation = editing ? update : create;
  const fresh: WebhookValues = {
    url: editing?.url ?? "",
    events: editing ? WEBHOOK_EVENTS.filter((name) => editing.events.includes(name)) : [...WEBHOOK_EVENTS],
    payload: editing?.payload ?? DEFAULT_PAYLOAD_DETAIL,
  };
  // Each field's problem under it, in the admin's language (not a generic "Alguns campos estão inválidos").
  const form = useZodForm<WebhookValues>({ defaultValues: fresh, fields: ["url", "events"] });
  const onSubmit = form.handleSubmit(async (values) => {
    const body = { ...values, url: values.url.trim(), events: values.events.slice() };
    try {
      if (props.endpoint) {
        await update.mutateAsync({ id: props.endpoint.id, body });
        props.onSaved();
        return;
      }
      const created = await create.mutateAsync(body);
      // A clean form for the next endpoint; the created secret is shown by onCreated.
      form.reset(fresh);
      props.onCreated(created);
    } catch (error) {
      form.showServerError(error);
    }
  });
  return (
    <form
      noValidate
      aria-label={editing ? t("editTitle", { url: editing.url }) : t("new")}
      className="space-y-3 rounded-md border border-slate-200 bg-white p-4"
      onSubmit={onSubmit}
    >
      <h2 className="font-semibold">{editing ? t("editTitle", { url: editing.url }) : t("new")}</h2>
      <TextField
        label={t("url")}
        type="url"
        placeholder="https://"
        hint={t("urlHint")}
        error={form.fieldError("url")}
        required
        {...form.register("url")}
      />
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-slate-700">{t("events")}</legend>
        <div className="grid gap-1 sm:grid-cols-2">
          {WEBHOOK_EVENTS.map((name) => (
            <label key={name} className="flex items-center gap-2 font-mono text-sm">
              <input type="checkbox" className="h-4 w-4" value={name} {...form.register("events")} />
              {name}
            </label>
          ))}
        </div>
        {form.fieldError("events") ? (
          <p className="mt-1 text-sm text-red-700" data-testid="webhook-events-error">
            {form.fieldError("events")}
          </p>
        ) : null}
      </fieldset>
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-slate-700">{t("payload")}</legend>
        <div className="space-y-1">
          {PAYLOAD_DETAILS.map((detail) => (
            <label key={detail} className="flex items-start gap-2 text-sm">
              <input type="radio" value={detail} className="mt-0.5 h-4 w-4" {...form.register("payload")} />
              <span>{t(`payloads.${detail}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {form.rootError ? <Alert>{form.rootError}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={mutation.isPending}>
          {editing ? (mutation.isPending ? t("saving") : t("save")) : mutation.isPending ? t("creating") : t("create")}
        </Button>
        {props.endpoint ? (
          <Button type="button" variant="ghost" onClick={props.onCancel}>
            {t("cancel")}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
