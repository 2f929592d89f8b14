"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button.tsx";
import { TextField } from "@/components/ui/field.tsx";
import { Alert } from "@/components/ui/feedback.tsx";
import { useServerErrors } from "@/components/ui/server-errors.ts";
import { useErrorText } from "@/lib/api-client/error-text.ts";
import { useCreateWebhook, useUpdateWebhook, type CreatedWebhook, type WebhookRow } from "@/lib/api-client/webhooks.ts";
import { WEBHOOK_EVENTS, type WebhookEvent } from "@/lib/webhooks/event-names.ts";
import { DEFAULT_PAYLOAD_DETAIL, PAYLOAD_DETAILS, type PayloadDetail } from "@/lib/webhooks/payload-detail.ts";

/** Register an endpoint: URL, the events it receives and how much of a document they carry. The created secret goes
 * to `onCreated` (shown once). With `endpoint`, the same form edits that endpoint (its secret is unchanged). */
export function WebhookForm(
  props:
    | { endpoint?: undefined; onCreated: (created: CreatedWebhook) => void }
    | { endpoint: WebhookRow; onSaved: () => void; onCancel: () => void },
) {
  const t = useTranslations("apis.webhooks");
  const errorText = useErrorText();
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const editing = props.endpoint;
  const mutation = editing ? update : create;
  // Each field's problem under it, in the admin's language (not a generic "Alguns campos estão inválidos").
  const errors = useServerErrors(mutation.error);
  const [events, setEvents] = useState<WebhookEvent[]>(
    editing ? WEBHOOK_EVENTS.filter((name) => editing.events.includes(name)) : [...WEBHOOK_EVENTS],
  );
  const [payload, setPayload] = useState<PayloadDetail>(editing?.payload ?? DEFAULT_PAYLOAD_DETAIL);
  return (
    <form
      noValidate
      aria-label={editing ? t("editTitle", { url: editing.url }) : t("new")}
      className="space-y-3 rounded-md border border-slate-200 bg-white p-4"
      onSubmit={(event) => {
        event.preventDefault();
        const form = event.currentTarget;
        const url = String(new FormData(form).get("url") ?? "").trim();
        if (props.endpoint) {
          update.mutate({ id: props.endpoint.id, body: { url, events, payload } }, { onSuccess: props.onSaved });
          return;
        }
        const onCreated = props.onCreated;
        create.mutate(
          { url, events, payload },
          {
            onSuccess: (created) => {
              // A clean form for the next endpoint; the created secret is shown by onCreated.
              form.reset();
              setEvents([...WEBHOOK_EVENTS]);
              setPayload(DEFAULT_PAYLOAD_DETAIL);
              onCreated(created);
            },
          },
        );
      }}
    >
      <h2 className="font-semibold">{editing ? t("editTitle", { url: editing.url }) : t("new")}</h2>
      <TextField
        label={t("url")}
        name="url"
        type="url"
        defaultValue={editing?.url}
        placeholder="https://"
        hint={t("urlHint")}
        error={errors.field("url")}
        onInput={errors.clearOnEdit}
        required
      />
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-slate-700">{t("events")}</legend>
        <div className="grid gap-1 sm:grid-cols-2">
          {WEBHOOK_EVENTS.map((name) => (
            <label key={name} className="flex items-center gap-2 font-mono text-sm">
              <input
                type="checkbox"
                className="h-4 w-4"
                checked={events.includes(name)}
                onChange={(event) =>
                  setEvents((current) =>
                    event.target.checked ? [...current, name] : current.filter((item) => item !== name),
                  )
                }
              />
              {name}
            </label>
          ))}
        </div>
        {errors.field("events") ? (
          <p className="mt-1 text-sm text-red-700" data-testid="webhook-events-error">
            {errors.field("events")}
          </p>
        ) : null}
      </fieldset>
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-slate-700">{t("payload")}</legend>
        <div className="space-y-1">
          {PAYLOAD_DETAILS.map((detail) => (
            <label key={detail} className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                name="payload"
                className="mt-0.5 h-4 w-4"
                checked={payload === detail}
                onChange={() => setPayload(detail)}
              />
              <span>{t(`payloads.${detail}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {mutation.error && !errors.field("url") && !errors.field("events") ? (
        <Alert>{errorText.text(mutation.error)}</Alert>
      ) : null}
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
