"use client";

import { useId } from "react";
import { useTranslations } from "use-intl";
import { useErrorText } from "@/lib/api-client/error-text.ts";
import { Button } from "./button.tsx";
import { useModal } from "./dialog.tsx";
import { Alert } from "./feedback.tsx";

/**
 * "Are you sure?" on the native <dialog> (focus trapped, Escape cancels), with ids unique on the page. While the
 * confirmed action runs, `pending` disables the button; the server's refusal (`error`) is shown inside, translated.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  pendingLabel,
  tone = "primary",
  pending = false,
  error = null,
  focusConfirm = false,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  message: string;
  /** Defaults to "Confirmar". */
  confirmLabel?: string;
  /** The confirm button's text while `pending` (defaults to "Aguarde…"). */
  pendingLabel?: string;
  tone?: "danger" | "primary";
  pending?: boolean;
  error?: unknown;
  /** Focus the confirm button on open (a quick confirm of a change just chosen) instead of "Cancelar". */
  focusConfirm?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const t = useTranslations("common.actions");
  const tSettings = useTranslations("settings.common");
  const errorText = useErrorText();
  const ref = useModal(open);
  const titleId = useId();
  const messageId = useId();
  return (
    <dialog
      ref={ref}
      onClose={() => {
        if (open) onCancel();
      }}
      aria-labelledby={titleId}
      aria-describedby={messageId}
      className="m-auto w-[min(32rem,92vw)] rounded-lg p-0 shadow-xl backdrop:bg-slate-900/40"
    >
      <div className="p-5">
        <h2 id={titleId} className="mb-3 text-lg font-semibold">
          {title}
        </h2>
        <p id={messageId} className="mb-4 text-sm text-slate-700">
          {message}
        </p>
        {error ? (
          <div className="mb-4">
            <Alert>{errorText.text(error)}</Alert>
          </div>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onCancel}>
            {t("cancel")}
          </Button>
          <Button variant={tone} onClick={onConfirm} disabled={pending} autoFocus={focusConfirm}>
            {pending ? (pendingLabel ?? tSettings("working")) : (confirmLabel ?? t("confirm"))}
          </Button>
        </div>
      </div>
    </dialog>
  );
}
