"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button.tsx";
import { Alert } from "@/components/ui/feedback.tsx";
import { uploadTrackingFile, type TrackingView } from "@/lib/api-client/tracking.ts";
import { CUSTOMER_FILE_ACCEPT, FilePicker } from "./file-picker.tsx";
import { uploadErrorKey } from "./upload-error.ts";

type Request = TrackingView["pending_requests"][number];

/** One file the team asked for: a file picker and a send button. */
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
      setError(t(uploadErrorKey(cause)));
    } finally {
      setPending(false);
    }
  }

  return (
    <li className="space-y-2 rounded-md border border-slate-200 p-3" data-testid="pending-request">
      <p className="font-medium text-slate-900">{request.name}</p>
      {request.note ? <p className="text-sm text-slate-700">{request.note}</p> : null}
      <FilePicker
        label={t("file", { name: request.name })}
        hint={t("fileHint", { size: maxMegabytes })}
        file={file}
        onChange={setFile}
        accept={CUSTOMER_FILE_ACCEPT}
      />
      <div aria-live="polite">{error ? <Alert>{error}</Alert> : null}</div>
      <Button type="button" onClick={() => void send()} disabled={pending} className="w-full">
        {pending ? t("sending") : t("send")}
      </Button>
    </li>
  );
}
