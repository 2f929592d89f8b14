"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button.tsx";
import { SelectField } from "@/components/ui/field.tsx";
import { Alert, Spinner } from "@/components/ui/feedback.tsx";
import { useDateTime } from "@/components/document/format.ts";
import { useErrorText } from "@/lib/api-client/error-text.ts";
import {
  useDeleteWebhook,
  useResendDelivery,
  useRotateWebhookSecret,
  useSendTestEvent,
  useSetWebhookEnabled,
  useRevealDelivery,
  useWebhookDelivery,
  useWebhooks,
  type CreatedWebhook,
  type WebhookRow,
} from "@/lib/api-client/webhooks.ts";
import type { DeliveryFailure } from "@/lib/webhooks/failure.ts";
import { SecretReveal } from "./secret-reveal.tsx";
import { WebhookForm } from "./webhook-form.tsx";

type Delivery = WebhookRow["deliveries"][number];

/** The overlap windows offered when a secret is replaced (hours; 0 = the old secret stops at once). */
const OVERLAP_CHOICES = [24, 1, 72, 168, 0] as const;

/** APIs → Webhooks: register endpoints, see each one's deliveries (payload and answer), send a test event, edit,
 * rotate the secret with an overlap window, re-send, enable/disable, delete. Failures are said in Portuguese. */
export function WebhooksPanel() {
  const t = useTranslations("apis.webhooks");
  const webhooks = useWebhooks();
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  return (
    <div className="space-y-4">
      {created ? (
        <SecretReveal
          label={t("secret")}
          secret={created.secret}
          message={t("created", { url: created.url })}
          onDismiss={() => setCreated(null)}
        />
      ) : null}
      <WebhookForm onCreated={setCreated} />
      {webhooks.isPending ? (
        <Spinner label={t("loading")} />
      ) : webhooks.isError ? (
        <Alert>{t("loadError")}</Alert>
      ) : webhooks.data.length === 0 ? (
        <p className="text-sm text-slate-700">{t("empty")}</p>
      ) : (
        webhooks.data.map((endpoint) => <EndpointCard key={endpoint.id} endpoint={endpoint} />)
      )}
    </div>
  );
}

/** A failure code in the admin's words (the receiver's HTTP status is kept as is: it is what their logs show). */
function useFailureText() {
  const t = useTranslations("apis.webhooks.failures");
  return (failure: DeliveryFailure | null, status: number | null) =>
    failure === null ? null : failure === "http_status" ? t("http_status", { status: status ?? 0 }) : t(failure);
}

function EndpointCard({ endpoint }: { endpoint: WebhookRow }) {
  const t = useTranslations("apis.webhooks");
  const dateTime = useDateTime();
  const errorText = useErrorText();
  const failureText = useFailureText();
  const setEnabled = useSetWebhookEnabled();
  const remove = useDeleteWebhook();
  const test = useSendTestEvent();
  const [editing, setEditing] = useState(false);
  const [rotating, setRotating] = useState(false);
  const cause = endpoint.disabled_cause;
  const disabledWhy =
    cause === null
      ? ""
      : cause.kind === "manual"
        ? t("disabledManual")
        : t("disabledFailures", {
            count: cause.count ?? 0,
            last: failureText(cause.last_failure, cause.last_status) ?? "—",
          });
  return (
    <section
      aria-label={endpoint.url}
      className="min-w-0 space-y-3 rounded-md border border-slate-200 bg-white p-4"
      data-testid="webhook-endpoint"
    >
      <div className="min-w-0">
        <p className="break-all font-mono text-sm font-semibold">{endpoint.url}</p>
        <p className="break-words text-xs text-slate-600">
          {endpoint.events.join(", ")} · {t(`payloadShort.${endpoint.payload}`)} ·{" "}
          {t("secretHint", { hint: endpoint.secret_hint })}
        </p>
        {endpoint.previous_secret_until ? (
          <p className="mt-1 text-xs text-amber-900" data-testid="webhook-overlap">
            {t("overlapNotice", { until: dateTime(endpoint.previous_secret_until) })}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          disabled={!endpoint.enabled || test.isPending}
          aria-describedby={endpoint.enabled ? undefined : `webhook-${endpoint.id}-test-why`}
          onClick={() => test.mutate(endpoint.id)}
        >
          {test.isPending ? t("testSending") : t("test")}
        </Button>
        <Button size="sm" variant="secondary" onClick={() => setEditing((open) => !open)} aria-expanded={editing}>
          {t("edit")}
        </Button>
        <Button size="sm" variant="secondary" onClick={() => setRotating((open) => !open)} aria-expanded={rotating}>
          {t("rotate")}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => setEnabled.mutate({ id: endpoint.id, enabled: !endpoint.enabled })}
        >
          {endpoint.enabled ? t("disable") : t("enable")}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => remove.mutate(endpoint.id)}>
          {t("delete")}
        </Button>
      </div>
      {endpoint.enabled ? null : (
        <p id={`webhook-${endpoint.id}-test-why`} className="text-xs text-slate-600">
          {t("testDisabledWhy")}
        </p>
      )}
      {test.isSuccess ? (
        <Alert tone="info">{t("testQueued")}</Alert>
      ) : test.isError ? (
        <Alert>{errorText.text(test.error)}</Alert>
      ) : null}
      {endpoint.enabled ? null : (
        <Alert>{t("disabledNotice", { reason: disabledWhy, date: dateTime(endpoint.disabled_at) })}</Alert>
      )}
      {editing ? (
        <WebhookForm endpoint={endpoint} onSaved={() => setEditing(false)} onCancel={() => setEditing(false)} />
      ) : null}
      {rotating ? <RotateSecret endpoint={endpoint} onClose={() => setRotating(false)} /> : null}
      <div>
        <h3 className="mb-1 text-sm font-semibold">{t("deliveries")}</h3>
        {endpoint.deliveries.length === 0 ? (
          <p className="text-sm text-slate-700">{t("noDeliveries")}</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm">
            {endpoint.deliveries.map((delivery) => (
              <DeliveryItem key={delivery.id} delivery={delivery} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

/** Replace the signing secret: the admin chooses how long the old one keeps signing beside the new one. */
function RotateSecret({ endpoint, onClose }: { endpoint: WebhookRow; onClose: () => void }) {
  const t = useTranslations("apis.webhooks");
  const errorText = useErrorText();
  const rotate = useRotateWebhookSecret();
  const [overlap, setOverlap] = useState<number>(OVERLAP_CHOICES[0]);
  // The hint of the secret being replaced (the list refreshes to the new one once rotated).
  const [previousHint] = useState(endpoint.secret_hint);
  if (rotate.data) {
    return (
      <SecretReveal
        label={t("newSecret")}
        secret={rotate.data.secret}
        message={
          rotate.data.previous_secret_until
            ? t("rotatedWithOverlap", { hint: previousHint })
            : t("rotatedNow", { hint: previousHint })
        }
        onDismiss={onClose}
      />
    );
  }
  return (
    <div className="space-y-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
      <p>{t("rotateExplain")}</p>
      <SelectField
        label={t("overlapLabel")}
        value={overlap}
        onChange={(event) => setOverlap(Number(event.target.value))}
        hint={t("overlapHint")}
      >
        {OVERLAP_CHOICES.map((hours) => (
          <option key={hours} value={hours}>
            {t("overlapChoice", { hours })}
          </option>
        ))}
      </SelectField>
      {rotate.isError ? <Alert>{errorText.text(rotate.error)}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          disabled={rotate.isPending}
          onClick={() => rotate.mutate({ id: endpoint.id, overlapHours: overlap })}
        >
          {t("rotateConfirm")}
        </Button>
        <Button size="sm" variant="ghost" onClick={onClose}>
          {t("cancel")}
        </Button>
      </div>
    </div>
  );
}

function DeliveryItem({ delivery }: { delivery: Delivery }) {
  const t = useTranslations("apis.webhooks");
  const dateTime = useDateTime();
  const failureText = useFailureText();
  const resend = useResendDelivery();
  const [open, setOpen] = useState(false);
  const failure = failureText(delivery.failure, delivery.last_status);
  const detailId = `webhook-delivery-${delivery.id}-detail`;
  return (
    <li className="space-y-1 py-2" data-testid="webhook-delivery">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <span className="font-mono">{delivery.event}</span>
        <span className="text-xs text-slate-600">{dateTime(delivery.sent_at ?? delivery.created_at)}</span>
      </div>
      <p>
        {t(`states.${delivery.status}`, { attempts: delivery.attempts })}
        {delivery.last_status ? ` · HTTP ${delivery.last_status}` : ""}
      </p>
      {failure ? <p className="text-red-800">{failure}</p> : null}
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="secondary"
          aria-expanded={open}
          aria-controls={detailId}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? t("hideDetail") : t("showDetail")}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => resend.mutate(delivery.id)}
          aria-label={t("resendNamed", { event: delivery.event, id: delivery.id })}
        >
          {t("resend")}
        </Button>
      </div>
      {open ? <DeliveryDetail id={delivery.id} elementId={detailId} /> : null}
    </li>
  );
}

/**
 * The JSON sent and the receiver's answer (read when opened; the server audits each read), personal data masked as
 * the admin's masking policy says until "Revelar" (a POST the server audits as a reveal).
 */
function DeliveryDetail({ id, elementId }: { id: number; elementId: string }) {
  const t = useTranslations("apis.webhooks");
  const errorText = useErrorText();
  const detail = useWebhookDelivery(id, true);
  const reveal = useRevealDelivery(id);
  if (detail.isPending) return <Spinner label={t("loading")} />;
  if (detail.isError) return <Alert>{errorText.text(detail.error)}</Alert>;
  const data = detail.data;
  return (
    <div id={elementId} className="space-y-2 rounded-md bg-slate-50 p-2" data-testid="webhook-delivery-detail">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="text-xs font-semibold text-slate-700">{t("payloadSent")}</h4>
        {data.personal_data === "masked" ? (
          <Button size="sm" variant="secondary" disabled={reveal.isPending} onClick={() => reveal.mutate()}>
            {reveal.isPending ? t("revealing") : t("reveal")}
          </Button>
        ) : null}
      </div>
      <p className="text-xs text-slate-600">{data.personal_data === "masked" ? t("maskedHint") : t("clearHint")}</p>
      {reveal.isError ? <Alert>{errorText.text(reveal.error)}</Alert> : null}
      <pre className="max-h-64 overflow-auto whitespace-pre-wrap break-all text-xs">
        {Object.entries(data.request_headers)
          .map(([name, value]) => `${name}: ${value}`)
          .join("\n")}
        {"\n\n"}
        {JSON.stringify(data.payload, null, 2)}
      </pre>
      <h4 className="text-xs font-semibold text-slate-700">{t("answerReceived")}</h4>
      <pre className="max-h-40 overflow-auto whitespace-pre-wrap break-all text-xs">
        {data.last_status !== null
          ? `HTTP ${data.last_status}\n\n${data.last_response ?? ""}`
          : data.attempts === 0
            ? t("notTriedYet")
            : t("noHttpAnswer")}
      </pre>
    </div>
  );
}
