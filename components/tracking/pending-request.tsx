"use client";

import { useId, useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button.tsx";
import { Alert } from "@/components/ui/feedback.tsx";
import { TrackingError, uploadTrackingFile, type TrackingView } from "@/lib/api-client/tracking.ts";

type Request = TrackingView["pending_requests"][number];

/** One file the team asked for: a file input and a send button. */
export function PendingRequest({
  request,
  token,
  maxMegabytes,
  onSent,
}: {
  request: Request;
  token: string;
  maxMegabytes: number;
  onSent: (name: string) => void;
}) {
  const t = useTranslations("tracking");
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function send() {
    if (!file) return setError(t("chooseFile"));
    setPending(true);
    setError(null);
    try {
      await uploadTrackingFile(token, request.id, file);
      onSent(request.name);
    } catch (cause) {
      const status = cause instanceof TrackingError ? cause.status : 0;
      setError(status === 413 ? t("fileTooLarge") : status === 415 ? t("fileType") : t("uploadError"));
    } finally {
      setPending(false);
    }
  }

  return (
    <li className="space-y-2 rounded-md border border-slate-200 p-3" data-testid="pending-request">
      <p className="font-medium text-slate-900">{request.name}</p>
      {request.note ? <p className="text-sm text-slate-700">{request.note}</p> : null}
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {t("file", { name: request.name })}
      </label>
      <input
        id={id}
        type="file"
        accept="application/pdf,image/jpeg,image/png,image/webp,image/heic"
        aria-describedby={`${id}-hint`}
        className="block w-full text-sm"
        onChange={(event) => setFile(event.target.files?.[0] ?? null)}
      />
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        {t("fileHint", { size: maxMegabytes })}
      </p>
      <div aria-live="polite">{error ? <Alert>{error}</Alert> : null}</div>
      <Button type="button" onClick={() => void send()} disabled={pending} className="w-full">
        {pending ? t("sending") : t("send")}
      </Button>
    </li>
  );
}
