"use client";

import { useId, useRef, useState } from "react";
import { useTranslations } from "use-intl";
import { useErrorText } from "@/lib/api-client/error-text.ts";
import { Button } from "@/components/ui/button.tsx";
import { TextField } from "@/components/ui/field.tsx";
import { Alert, Card } from "@/components/ui/feedback.tsx";
import {
  useRequestAttachment,
  useUploadAttachment,
  type DocumentAttachment,
  type StaffDocumentView,
} from "@/lib/api-client/document.ts";
import { CustomerBadge } from "./customer-badge.tsx";
import { useBytes, useDateTime } from "./format.ts";

type Message = { tone: "success" | "error"; text: string } | null;

/** Files on the document (download links), pending requests to the customer and how to fulfil them, uploads. */
export function AttachmentsPanel({ view }: { view: StaffDocumentView }) {
  const t = useTranslations("document.attachments");
  const dateTime = useDateTime();
  const bytes = useBytes();
  const canEdit = view.permissions.can_edit;
  const uploaded = view.attachments.filter((attachment) => attachment.state !== "pending");
  const pending = view.attachments.filter((attachment) => attachment.state === "pending");
  const [message, setMessage] = useState<Message>(null);
  // Owned here, not by a pending request's item: that item unmounts when the fulfilled request refreshes the data,
  // and a mutation's per-call callbacks do not run once its component is gone.
  const upload = useSendFile(view, setMessage);

  return (
    <Card title={t("title")}>
      {uploaded.length === 0 ? (
        <p className="text-sm text-slate-700">{t("empty")}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {uploaded.map((attachment) => (
            <li key={attachment.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
              {attachment.state === "linked" ? (
                <LinkedFile attachment={attachment} />
              ) : (
                <div className="min-w-0">
                  <a
                    href={attachment.download_url ?? undefined}
                    download={attachment.file_name}
                    className="break-all font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
                  >
                    {attachment.file_name}
                  </a>
                  {attachment.from_customer ? (
                    <span className="ml-2">
                      <CustomerBadge />
                    </span>
                  ) : null}
                  {attachment.request_name ? (
                    <span className="ml-2 text-sm text-slate-800" data-testid="request-name">
                      {t("forRequest", { name: attachment.request_name })}
                    </span>
                  ) : null}
                  <p className="text-xs text-slate-600">
                    {t("meta", {
                      type: attachment.media_type ?? "—",
                      size: bytes(attachment.size),
                      author: attachment.author,
                      date: dateTime(attachment.uploaded_at ?? attachment.created_at),
                    })}
                  </p>
                  {attachment.request_note ? <p className="text-xs text-slate-700">{attachment.request_note}</p> : null}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}

      {pending.length > 0 ? (
        <div className="mt-4 border-t border-slate-200 pt-4">
          <h3 className="mb-2 text-sm font-semibold text-slate-900">{t("pendingTitle")}</h3>
          <ul className="space-y-3">
            {pending.map((attachment) => (
              <PendingRequest
                key={attachment.id}
                view={view}
                attachment={attachment}
                canEdit={canEdit}
                upload={upload}
              />
            ))}
          </ul>
        </div>
      ) : null}

      {canEdit ? (
        <div className="mt-4 grid gap-4 border-t border-slate-200 pt-4 md:grid-cols-2">
          <UploadForm view={view} upload={upload} />
          <RequestForm view={view} onMessage={setMessage} />
        </div>
      ) : null}

      <div className="mt-3" aria-live="polite">
        {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      </div>
    </Card>
  );
}

/** A file input with the client-side size check (the server enforces the same limit: 413). */
function FileInput({
  label,
  view,
  inputRef,
}: {
  label: string;
  view: StaffDocumentView;
  inputRef: React.RefObject<HTMLInputElement | null>;
}) {
  const t = useTranslations("document.attachments");
  const bytes = useBytes();
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        ref={inputRef}
        type="file"
        aria-describedby={`${id}-hint`}
        className="block w-full text-sm text-slate-800 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-100"
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
        {t("maxSize", { limit: bytes(view.limits.attachment_max_bytes) })}
      </p>
    </div>
  );
}

function useSendFile(view: StaffDocumentView, onMessage: (message: Message) => void) {
  const t = useTranslations("document.attachments");
  const errorText = useErrorText();
  const bytes = useBytes();
  const upload = useUploadAttachment(view.document.id);
  const send = (input: HTMLInputElement | null, attachmentId?: number) => {
    const file = input?.files?.[0];
    if (!file) return onMessage({ tone: "error", text: t("chooseFile") });
    const limit = view.limits.attachment_max_bytes;
    if (file.size > limit) {
      return onMessage({
        tone: "error",
        text: t("tooLarge", { name: file.name, size: bytes(file.size), limit: bytes(limit) }),
      });
    }
    onMessage(null);
    upload.mutate(
      { file, attachmentId },
      {
        onSuccess: (attachment) => {
          if (input) input.value = "";
          onMessage({ tone: "success", text: t("uploaded", { name: attachment.file_name }) });
        },
        onError: (error) => onMessage({ tone: "error", text: t("error", { message: errorText.text(error) }) }),
      },
    );
  };
  return { send, pending: upload.isPending };
}

type SendFile = ReturnType<typeof useSendFile>;

function UploadForm({ view, upload }: { view: StaffDocumentView; upload: SendFile }) {
  const t = useTranslations("document.attachments");
  const inputRef = useRef<HTMLInputElement>(null);
  const { send, pending } = upload;
  return (
    <form
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        send(inputRef.current);
      }}
    >
      <h3 className="text-sm font-semibold text-slate-900">{t("uploadTitle")}</h3>
      <FileInput label={t("file")} view={view} inputRef={inputRef} />
      <Button type="submit" disabled={pending}>
        {pending ? t("uploading") : t("upload")}
      </Button>
    </form>
  );
}

function PendingRequest({
  view,
  attachment,
  canEdit,
  upload,
}: {
  view: StaffDocumentView;
  attachment: DocumentAttachment;
  canEdit: boolean;
  upload: SendFile;
}) {
  const t = useTranslations("document.attachments");
  const dateTime = useDateTime();
  const inputRef = useRef<HTMLInputElement>(null);
  const { send, pending } = upload;
  return (
    <li className="rounded-md border border-amber-200 bg-amber-50 p-3">
      <div className="flex flex-wrap items-center gap-2">
        <span className="rounded-full bg-amber-200 px-2 py-0.5 text-xs font-semibold text-amber-950">
          {t("pending")}
        </span>
        <span className="break-all font-medium text-slate-900">{attachment.file_name}</span>
      </div>
      {attachment.request_note ? <p className="mt-1 text-sm text-slate-800">{attachment.request_note}</p> : null}
      <p className="mt-1 text-xs text-slate-700">
        {t("requestedBy", { author: attachment.author, date: dateTime(attachment.created_at) })}
      </p>
      {canEdit ? (
        <form
          className="mt-2 flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            send(inputRef.current, attachment.id);
          }}
        >
          <div className="min-w-0 flex-1">
            <FileInput label={t("fulfilFile", { name: attachment.file_name })} view={view} inputRef={inputRef} />
          </div>
          <Button type="submit" size="sm" disabled={pending}>
            {pending ? t("uploading") : t("fulfil")}
          </Button>
        </form>
      ) : null}
    </li>
  );
}

function RequestForm({ view, onMessage }: { view: StaffDocumentView; onMessage: (message: Message) => void }) {
  const t = useTranslations("document.attachments");
  const errorText = useErrorText();
  const request = useRequestAttachment(view.document.id);
  const [name, setName] = useState("");
  const [note, setNote] = useState("");
  return (
    <form
      className="space-y-2"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!name.trim()) return onMessage({ tone: "error", text: t("nameRequired") });
        onMessage(null);
        request.mutate(
          { file_name: name, note: note.trim() ? note : null },
          {
            onSuccess: (attachment) => {
              setName("");
              setNote("");
              onMessage({ tone: "success", text: t("requested", { name: attachment.file_name }) });
            },
            onError: (error) => onMessage({ tone: "error", text: t("error", { message: errorText.text(error) }) }),
          },
        );
      }}
    >
      <h3 className="text-sm font-semibold text-slate-900">{t("requestTitle")}</h3>
      <TextField label={t("requestName")} value={name} onChange={(event) => setName(event.target.value)} />
      <TextField label={t("requestNote")} value={note} onChange={(event) => setNote(event.target.value)} />
      <Button type="submit" variant="secondary" disabled={request.isPending}>
        {t("request")}
      </Button>
    </form>
  );
}

/** An http(s) link the server only recorded (attachment/upload/link): opened by the browser, never fetched by us. */
const EXTERNAL_URL = /^https?:\/\//i;

/**
 * A file that lives elsewhere: an external link in a new tab, without our page as opener or referrer (the address
 * comes from an integrator); a storage key (no URL) is shown as text.
 */
function LinkedFile({ attachment }: { attachment: DocumentAttachment }) {
  const t = useTranslations("document.attachments");
  const dateTime = useDateTime();
  const url = attachment.link_url ?? "";
  const date = dateTime(attachment.uploaded_at ?? attachment.created_at);
  return (
    <div className="min-w-0">
      {EXTERNAL_URL.test(url) ? (
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          className="break-all font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
        >
          {attachment.file_name}
          <span className="sr-only"> ({t("newTab")})</span>
        </a>
      ) : (
        <span className="break-all font-medium text-slate-900">{attachment.file_name}</span>
      )}
      <p className="text-xs text-slate-600">
        {EXTERNAL_URL.test(url)
          ? t("linkedMeta", { author: attachment.author, date })
          : t("storedElsewhere", { path: url, author: attachment.author, date })}
      </p>
      {attachment.request_note ? <p className="text-xs text-slate-700">{attachment.request_note}</p> : null}
    </div>
  );
}
