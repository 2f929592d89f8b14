"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button.tsx";
import { ConfirmDialog } from "@/components/ui/confirm-dialog.tsx";
import { SelectField } from "@/components/ui/field.tsx";
import { Alert, Card, Spinner } from "@/components/ui/feedback.tsx";
import { UpdatedAgo } from "@/components/live/updated-ago.tsx";
import { useDateTime } from "@/components/lgpd/use-date-time.ts";
import { useLgpdKey, useRotateLgpdKey } from "@/lib/api-client/apis.ts";
import { useErrorText } from "@/lib/api-client/error-text.ts";
import { lgpdCurlExamples } from "@/lib/apis/lgpd-curl.ts";
import { CopyButton } from "./copy-button.tsx";
import { SecretReveal } from "./secret-reveal.tsx";

/** The APIs menu's LGPD entry: the key's state, generate/rotate (confirmed), URLs and curl examples. */
export function LgpdKeyPanel() {
  const t = useTranslations("apis.lgpd");
  const tc = useTranslations("common");
  const errorText = useErrorText();
  const when = useDateTime();
  const query = useLgpdKey();
  const rotate = useRotateLgpdKey();
  const [confirming, setConfirming] = useState(false);
  // How long the replaced key keeps working beside the new one (overlap, not an instant cut-over).
  const [overlapHours, setOverlapHours] = useState<number>(KEY_OVERLAP_CHOICES[0]);
  // The key exists only in this component's memory, from the rotation's answer until the admin hides it.
  const [shownKey, setShownKey] = useState<string | null>(null);

  if (query.isPending) return <Spinner label={tc("states.loading")} />;
  if (query.isError) return <Alert>{tc("states.error", { message: errorText.text(query.error) })}</Alert>;
  const info = query.data;

  function generate() {
    setShownKey(null);
    rotate.mutate(info.configured ? overlapHours : 0, {
      onSuccess: (data) => {
        setConfirming(false);
        setShownKey(data.key);
      },
      onError: () => setConfirming(false),
    });
  }

  const placeholder = `<${t("placeholder")}>`;
  const curl = lgpdCurlExamples(info, shownKey ?? placeholder);
  const statusUrl = info.status_url.replace("{cpf}", "<cpf>");

  return (
    <div className="space-y-6">
      <Card
        title={t("title")}
        actions={
          <Button
            variant={info.configured ? "secondary" : "primary"}
            disabled={rotate.isPending}
            onClick={() => (info.configured ? setConfirming(true) : generate())}
          >
            {rotate.isPending ? t("generating") : info.configured ? t("rotate") : t("generate")}
          </Button>
        }
      >
        <p className="mb-4 text-sm text-slate-700">{t("description")}</p>
        {rotate.isError ? (
          <div className="mb-4">
            <Alert>{tc("states.error", { message: errorText.text(rotate.error) })}</Alert>
          </div>
        ) : null}
        {info.configured ? (
          <div className="mb-4 max-w-md">
            <SelectField
              label={t("overlapLabel")}
              hint={t("overlapHint")}
              value={overlapHours}
              onChange={(event) => setOverlapHours(Number(event.target.value))}
            >
              {KEY_OVERLAP_CHOICES.map((hours) => (
                <option key={hours} value={hours}>
                  {t("overlapChoice", { hours })}
                </option>
              ))}
            </SelectField>
          </div>
        ) : null}
        {shownKey ? (
          <div className="mb-4">
            <SecretReveal
              label={t("newKey")}
              secret={shownKey}
              message={
                info.previous_valid_until
                  ? t("generatedOverlap", { until: when(info.previous_valid_until) })
                  : t("generated")
              }
              onDismiss={() => setShownKey(null)}
            />
          </div>
        ) : null}
        {info.configured ? (
          <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
            <div>
              <dt className="font-medium text-slate-600">{t("keyLabel")}</dt>
              <dd className="text-slate-900">
                <span className="font-mono">…{info.last_chars}</span>{" "}
                <span className="text-xs text-slate-600">{t("lastCharsOnly")}</span>
              </dd>
            </div>
            <div>
              <dt className="font-medium text-slate-600">{t("createdAt")}</dt>
              <dd>{when(info.created_at)}</dd>
            </div>
            <div>
              <dt className="font-medium text-slate-600">{t("createdBy")}</dt>
              <dd className="break-all">{info.created_by ?? t("unknownCreator")}</dd>
            </div>
            <div>
              <dt className="font-medium text-slate-600">{t("lastUsedAt")}</dt>
              <dd>{when(info.last_used_at, t("never"))}</dd>
            </div>
            {info.previous_last_chars && info.previous_valid_until ? (
              <div className="sm:col-span-2 lg:col-span-4" data-testid="lgpd-previous-key">
                <dt className="font-medium text-slate-600">{t("previousKeyLabel")}</dt>
                <dd className="text-amber-900">
                  {t("previousKey", { lastChars: info.previous_last_chars, until: when(info.previous_valid_until) })}
                </dd>
              </div>
            ) : null}
          </dl>
        ) : (
          <Alert tone="warning">{t("missing")}</Alert>
        )}
        <div className="mt-3">
          <UpdatedAgo updatedAt={query.dataUpdatedAt} fetching={query.isFetching} />
        </div>
      </Card>

      <Card title={t("urlsTitle")}>
        <dl className="space-y-4 text-sm">
          <UrlRow label={t("requestUrl")} url={info.request_url} />
          <UrlRow label={t("statusUrl")} url={statusUrl} hint={t("statusUrlHint", { cpf: "<cpf>" })} />
        </dl>
      </Card>

      <Card title={t("curlTitle")}>
        <p className="mb-4 text-sm text-slate-700">
          {shownKey ? t("curlWithKey") : t("curlPlaceholder", { placeholder })}
        </p>
        <div className="space-y-4">
          <CurlExample caption={t("curlRequest")} command={curl.request} />
          <CurlExample caption={t("curlStatus")} command={curl.status} />
          <CurlExample caption={t("curlSummary")} command={curl.summary} />
          <CurlExample caption={t("curlAccess")} command={curl.access} />
          <CurlExample caption={t("curlAccessStatus")} command={curl.accessStatus} />
          <CurlExample caption={t("curlDownload")} command={curl.download} />
        </div>
      </Card>

      <ConfirmDialog
        open={confirming}
        title={t("confirmTitle")}
        message={
          overlapHours > 0
            ? t("confirmBodyOverlap", { lastChars: info.last_chars ?? "" })
            : t("confirmBody", { lastChars: info.last_chars ?? "" })
        }
        confirmLabel={t("confirmAction")}
        pendingLabel={t("generating")}
        tone="danger"
        pending={rotate.isPending}
        onConfirm={generate}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}

/** Hours the replaced key keeps working (24 h first: the default); 0 = at once (a leaked key). */
const KEY_OVERLAP_CHOICES = [24, 1, 72, 168, 0] as const;

function UrlRow({ label, url, hint }: { label: string; url: string; hint?: string }) {
  return (
    <div>
      <dt className="mb-1 font-medium text-slate-700">{label}</dt>
      <dd className="flex flex-wrap items-center gap-2">
        <code className="min-w-0 break-all rounded bg-slate-100 px-2 py-1 font-mono text-slate-900">{url}</code>
        <CopyButton text={url} what={label} />
      </dd>
      {hint ? <dd className="mt-1 text-xs text-slate-600">{hint}</dd> : null}
    </div>
  );
}

function CurlExample({ caption, command }: { caption: string; command: string }) {
  return (
    <figure aria-label={caption} className="rounded-md border border-slate-200">
      <figcaption className="flex items-center justify-between gap-2 border-b border-slate-200 bg-slate-50 px-3 py-2 text-sm font-medium text-slate-800">
        {caption}
        <CopyButton text={command} what={caption} />
      </figcaption>
      <pre
        tabIndex={0}
        className="overflow-x-auto whitespace-pre bg-slate-900 p-3 font-mono text-xs leading-relaxed text-slate-50"
      >
        <code>{command}</code>
      </pre>
    </figure>
  );
}
