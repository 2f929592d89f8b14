"use client";

import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button.tsx";
import { Alert, Card } from "@/components/ui/feedback.tsx";
import { useDateTime } from "@/components/document/format.ts";
import type { TrackingView } from "@/lib/api-client/tracking.ts";
import { CustomerSend } from "./customer-send.tsx";
import { HelpChannel } from "./help-channel.tsx";
import { PendingRequest } from "./pending-request.tsx";

/**
 * The document as the customer sees it: status, steps, deadline, messages, files to send. A read-only link (from an
 * e-mail sent before links carried their purpose) shows the same but sends nothing: `onLookup` opens the lookup form.
 */
export function TrackingDetails({
  view,
  token,
  maxMegabytes,
  onSent,
  onLookup,
}: {
  view: TrackingView;
  token: string;
  maxMegabytes: number;
  onSent: (notice: string) => void;
  onLookup: () => void;
}) {
  const t = useTranslations("tracking");
  const dateTime = useDateTime();
  return (
    <div className="space-y-4">
      <div className="flex items-center gap-3" data-testid="tracking-brand">
        {view.brand.logo_url ? (
          // A small uploaded image from our own API (no remote host): next/image adds nothing here.
          // eslint-disable-next-line @next/next/no-img-element
          <img
            src={view.brand.logo_url}
            alt={view.company ? t("logoAlt", { name: view.company }) : t("logoAltUnnamed")}
            className="h-12 w-auto max-w-[40%] object-contain"
          />
        ) : null}
        {view.company ? (
          <p className="text-sm text-slate-700" data-testid="tracking-company">
            {t("company", { name: view.company })}
          </p>
        ) : null}
      </div>
      <Card title={`${t("protocol")} ${view.protocol}`}>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-2 text-sm">
          <dt className="text-slate-600">{t("product")}</dt>
          <dd className="font-medium">{view.product}</dd>
          <dt className="text-slate-600">{t("status")}</dt>
          <dd className="font-medium" data-testid="tracking-status">
            {view.status}
          </dd>
          <dt className="text-slate-600">{view.finished ? t("finished") : t("slaEnd")}</dt>
          <dd data-testid="tracking-deadline">
            {view.finished
              ? dateTime(view.date_finished)
              : view.paused
                ? t("paused")
                : view.sla_end
                  ? dateTime(view.sla_end)
                  : t("noSla")}
          </dd>
        </dl>
        {view.steps.length ? (
          <>
            <h3 className="mt-4 mb-2 text-sm font-semibold text-slate-800">{t("steps")}</h3>
            <ol className="space-y-1 text-sm">
              {view.steps.map((step, index) => (
                <li
                  key={`${index}-${step.name}`}
                  aria-current={step.current ? "step" : undefined}
                  className={`rounded px-2 py-1 ${step.current ? "bg-brand-50 font-semibold text-brand-800" : "text-slate-700"}`}
                >
                  {index + 1}. {step.name}
                  {step.current ? <span className="ml-1 text-xs font-normal">({t("currentStep")})</span> : null}
                </li>
              ))}
            </ol>
          </>
        ) : null}
      </Card>
      <Card title={t("requests")}>
        {view.pending_requests.length === 0 ? (
          <p className="text-sm text-slate-700">{t("noRequests")}</p>
        ) : (
          <ul className="space-y-3">
            {view.pending_requests.map((request) =>
              view.read_only ? (
                <li key={request.id} className="rounded-md border border-slate-200 p-3" data-testid="pending-request">
                  <p className="font-medium text-slate-900">{request.name}</p>
                  {request.note ? <p className="text-sm text-slate-700">{request.note}</p> : null}
                </li>
              ) : (
                <PendingRequest
                  key={request.id}
                  request={request}
                  token={token}
                  maxMegabytes={maxMegabytes}
                  onSent={(name) => onSent(t("sent", { name }))}
                />
              ),
            )}
          </ul>
        )}
      </Card>
      <Card title={t("observations")}>
        {view.observations.length === 0 ? (
          <p className="text-sm text-slate-700">{t("noObservations")}</p>
        ) : (
          <ul className="space-y-2" data-testid="tracking-messages">
            {view.observations.map((observation) => (
              <li
                key={observation.id}
                className={`rounded-md border p-3 text-sm ${observation.from === "customer" ? "ml-6 border-brand-100 bg-brand-50" : "border-slate-200"}`}
              >
                <p className="text-xs text-slate-600">
                  {observation.from === "customer" ? t("fromYou") : t("fromTeam")} · {dateTime(observation.created_at)}
                </p>
                <p className="whitespace-pre-wrap break-words text-slate-900">{observation.text}</p>
              </li>
            ))}
          </ul>
        )}
      </Card>
      {view.read_only ? (
        <div className="space-y-2" data-testid="tracking-read-only">
          <Alert tone="info">{t("readOnlyLink")}</Alert>
          <Button type="button" className="w-full" onClick={onLookup}>
            {t("readOnlyLookup")}
          </Button>
        </div>
      ) : (
        <CustomerSend token={token} maxMegabytes={maxMegabytes} onSent={onSent} />
      )}
      <Card title={t("sentFiles")}>
        {view.sent_files.length === 0 ? (
          <p className="text-sm text-slate-700">{t("noSentFiles")}</p>
        ) : (
          <ul className="divide-y divide-slate-200 text-sm" data-testid="sent-files">
            {view.sent_files.map((file) => (
              <li key={file.id} className="py-2">
                <p className="break-all font-medium text-slate-900">{file.name}</p>
                <p className="text-xs text-slate-600">
                  {file.request_name ? `${t("sentFor", { name: file.request_name })} · ` : ""}
                  {t("sentAt", { when: dateTime(file.created_at) })}
                </p>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <HelpChannel brand={view.brand} />
    </div>
  );
}
