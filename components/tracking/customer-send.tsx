"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button.tsx";
import { TextAreaField } from "@/components/ui/field.tsx";
import { Alert, Card } from "@/components/ui/feedback.tsx";
import { replyTracking, uploadTrackingFile } from "@/lib/api-client/tracking.ts";
import { TRACKING_REPLY_MAX } from "@/lib/tracking/schemas.ts";
import { CUSTOMER_FILE_ACCEPT, FilePicker } from "./file-picker.tsx";
import { uploadErrorKey } from "./upload-error.ts";

/** What the customer may send without being asked: a file of their own, and a short reply to the team. */
export function CustomerSend({
  token,
  maxMegabytes,
  onSent,
}: {
  token: string;
  maxMegabytes: number;
  onSent: (notice: string) => void;
}) {
  const t = useTranslations("tracking");
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState("");
  const [pending, setPending] = useState<"file" | "reply" | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [replyError, setReplyError] = useState<string | null>(null);
  const [pickerKey, setPickerKey] = useState(0);

  async function sendFile() {
    if (!file) return setFileError(t("chooseFile"));
    setPending("file");
    setFileError(null);
    try {
      const sent = await uploadTrackingFile(token, null, file);
      setFile(null);
      setPickerKey((key) => key + 1);
      onSent(t("sentOwn", { name: sent.name }));
    } catch (cause) {
      setFileError(t(uploadErrorKey(cause)));
    } finally {
      setPending(null);
    }
  }

  async function sendReply() {
    if (!text.trim()) return setReplyError(t("replyEmpty"));
    setPending("reply");
    setReplyError(null);
    try {
      await replyTracking(token, text.trim());
      setText("");
      onSent(t("replySent"));
    } catch (cause) {
      const key = uploadErrorKey(cause);
      setReplyError(t(key === "quota" ? "quota" : "replyError"));
    } finally {
      setPending(null);
    }
  }

  return (
    <Card title={t("sendTitle")}>
      <div className="space-y-5">
        <div className="space-y-2" data-testid="send-own-file">
          <p className="text-sm text-slate-700">{t("sendIntro")}</p>
          <FilePicker
            key={pickerKey}
            label={t("ownFile")}
            hint={t("fileHint", { size: maxMegabytes })}
            file={file}
            onChange={setFile}
            accept={CUSTOMER_FILE_ACCEPT}
          />
          <div aria-live="polite">{fileError ? <Alert>{fileError}</Alert> : null}</div>
          <Button type="button" onClick={() => void sendFile()} disabled={pending !== null} className="w-full">
            {pending === "file" ? t("sending") : t("sendFile")}
          </Button>
        </div>
        <div className="space-y-2 border-t border-slate-200 pt-4" data-testid="reply-form">
          <TextAreaField
            label={t("replyLabel")}
            hint={t("replyHint", { max: TRACKING_REPLY_MAX })}
            rows={3}
            maxLength={TRACKING_REPLY_MAX}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          <div aria-live="polite">{replyError ? <Alert>{replyError}</Alert> : null}</div>
          <Button type="button" onClick={() => void sendReply()} disabled={pending !== null} className="w-full">
            {pending === "reply" ? t("sending") : t("sendReply")}
          </Button>
        </div>
      </div>
    </Card>
  );
}
