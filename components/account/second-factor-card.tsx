"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button.tsx";
import { TextField } from "@/components/ui/field.tsx";
import { Alert, Card, Spinner } from "@/components/ui/feedback.tsx";
import { useErrorText } from "@/lib/api-client/error-text.ts";
import { ApiClientError } from "@/lib/api-client/fetch-json.ts";
import {
  useConfirmFactorEnrolment,
  useForgetRememberedDevices,
  useOwnSecondFactor,
  useStartFactorEnrolment,
} from "@/lib/api-client/second-factor.ts";

/**
 * "Verificação em duas etapas": its state, and the enrolment — scan the QR code (or type the secret), confirm a code,
 * keep the ten recovery codes shown this once. `onEnrolled` runs when the person has seen their codes (the page a
 * required factor leads to goes on from there).
 */
export function SecondFactorCard({ onEnrolled }: { onEnrolled?: () => void }) {
  const t = useTranslations("auth.secondFactor");
  const status = useOwnSecondFactor();
  const [codes, setCodes] = useState<string[] | null>(null);
  const forget = useForgetRememberedDevices();

  let body: React.ReactNode;
  if (codes) {
    body = <RecoveryCodes codes={codes} onDone={() => (onEnrolled ? onEnrolled() : setCodes(null))} />;
  } else if (!status.data) {
    body = status.isError ? null : <Spinner label="…" />;
  } else if (status.data.enrolled) {
    body = (
      <div className="space-y-3 text-sm text-slate-700">
        <Alert tone="success">{t("on")}</Alert>
        <p>{t("codesLeft", { count: status.data.recovery_codes_left })}</p>
        <p>{t("lostPhone")}</p>
        {status.data.remember_device_days > 0 ? (
          <div className="space-y-2">
            {forget.isSuccess ? <Alert tone="success">{t("devicesForgotten")}</Alert> : null}
            <Button variant="secondary" disabled={forget.isPending} onClick={() => forget.mutate()}>
              {t("forgetDevices")}
            </Button>
          </div>
        ) : null}
      </div>
    );
  } else {
    body = <Enrolment required={status.data.required} onConfirmed={setCodes} />;
  }
  return <Card title={t("title")}>{body}</Card>;
}

function Enrolment({ required, onConfirmed }: { required: boolean; onConfirmed: (codes: string[]) => void }) {
  const t = useTranslations("auth.secondFactor");
  const errorText = useErrorText();
  const start = useStartFactorEnrolment();
  const confirm = useConfirmFactorEnrolment();
  const [codeError, setCodeError] = useState<string | null>(null);

  if (!start.data) {
    return (
      <div className="space-y-3 text-sm text-slate-700">
        <p>{required ? t("requiredIntro") : t("optionalIntro")}</p>
        {start.isError ? <Alert>{errorText.text(start.error)}</Alert> : null}
        <Button disabled={start.isPending} onClick={() => start.mutate()}>
          {t("enable")}
        </Button>
      </div>
    );
  }

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get("code") ?? "").trim();
    setCodeError(null);
    try {
      const answer = await confirm.mutateAsync(code);
      onConfirmed(answer.recovery_codes);
    } catch (error) {
      const wrong = error instanceof ApiClientError && error.body.errors?.some((e) => e.code === "wrong_code");
      setCodeError(wrong ? t("wrongCode") : errorText.text(error));
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4 text-sm text-slate-700" noValidate>
      <p>{t("scan")}</p>
      {/* eslint-disable-next-line @next/next/no-img-element -- a data URL drawn on the server, nothing to optimise */}
      <img src={start.data.qr_code} alt={t("qrAlt")} width={200} height={200} className="rounded border" />
      <p>
        {t("typeSecret")} <code className="break-all rounded bg-slate-100 px-1 font-mono">{start.data.secret}</code>
      </p>
      <TextField
        label={t("codeLabel")}
        name="code"
        autoComplete="one-time-code"
        inputMode="numeric"
        error={codeError ?? undefined}
        required
      />
      <Button type="submit" disabled={confirm.isPending}>
        {t("confirm")}
      </Button>
    </form>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useTranslations("auth.secondFactor");
  return (
    <div className="space-y-3 text-sm text-slate-700">
      <Alert tone="success">{t("enabled")}</Alert>
      <p>{t("recoveryCodesIntro")}</p>
      <ul aria-label={t("recoveryCodesLabel")} className="grid grid-cols-2 gap-1 font-mono">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Button onClick={onDone}>{t("savedCodes")}</Button>
    </div>
  );
}
