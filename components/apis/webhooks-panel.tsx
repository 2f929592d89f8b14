"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button.tsx";
import { Alert, Spinner } from "@/components/ui/feedback.tsx";
import { useDateTime } from "@/components/document/format.ts";
import {
  useDeleteWebhook,
  useResendDelivery,
  useSetWebhookEnabled,
  useWebhooks,
  type CreatedWebhook,
  type WebhookRow,
} from "@/lib/api-client/webhooks.ts";
import { SecretReveal } from "./secret-reveal.tsx";
import { WebhookForm } from "./webhook-form.tsx";

/** APIs → Webhooks: register endpoints, see each one's deliveries and answers, re-send, enable/disable, delete. */
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

function EndpointCard({ endpoint }: { endpoint: WebhookRow }) {
  const t = useTranslations("apis.webhooks");
  const dateTime = useDateTime();
  const setEnabled = useSetWebhookEnabled();
  const remove = useDeleteWebhook();
  const resend = useResendDelivery();
  return (
    <section
      aria-label={endpoint.url}
      className="space-y-3 rounded-md border border-slate-200 bg-white p-4"
      data-testid="webhook-endpoint"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="break-all font-mono text-sm font-semibold">{endpoint.url}</p>
          <p className="text-xs text-slate-600">
            {endpoint.events.join(", ")} · {t(`payloadShort.${endpoint.payload}`)} ·{" "}
            {t("secretHint", { hint: endpoint.secret_hint })}
          </p>
        </div>
        <div className="flex gap-2">
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
      </div>
      {endpoint.enabled ? null : (
        <Alert>
          {t("disabledNotice", { reason: endpoint.disabled_reason ?? "", date: dateTime(endpoint.disabled_at) })}
        </Alert>
      )}
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t("deliveries")}</caption>
          <thead className="text-xs text-slate-600">
            <tr>
              <th className="py-1 pr-3">{t("event")}</th>
              <th className="py-1 pr-3">{t("state")}</th>
              <th className="py-1 pr-3">{t("answer")}</th>
              <th className="py-1 pr-3">{t("when")}</th>
              <th className="py-1">
                <span className="sr-only">{t("actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {endpoint.deliveries.length === 0 ? (
              <tr>
                <td colSpan={5} className="py-2 text-slate-700">
                  {t("noDeliveries")}
                </td>
              </tr>
            ) : (
              endpoint.deliveries.map((delivery) => (
                <tr key={delivery.id} className="border-t border-slate-100" data-testid="webhook-delivery">
                  <td className="py-1 pr-3 font-mono">{delivery.event}</td>
                  <td className="py-1 pr-3">{t(`states.${delivery.status}`, { attempts: delivery.attempts })}</td>
                  <td className="max-w-xs truncate py-1 pr-3" title={delivery.last_response ?? undefined}>
                    {delivery.last_status ? `HTTP ${delivery.last_status}` : "—"}
                    {delivery.last_response ? ` · ${delivery.last_response}` : ""}
                  </td>
                  <td className="py-1 pr-3">{dateTime(delivery.sent_at ?? delivery.created_at)}</td>
                  <td className="py-1">
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => resend.mutate(delivery.id)}
                      aria-label={t("resendNamed", { event: delivery.event, id: delivery.id })}
                    >
                      {t("resend")}
                    </Button>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}
