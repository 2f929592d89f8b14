"use client";

import { useEffect, useId, useRef } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button.tsx";

/** A confirmation on the native <dialog> (focus trapped, Escape cancels), with ids unique on the page. */
export function ConfirmDialog({
  open,
  title,
  message,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  message: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const t = useTranslations("document.confirm");
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const messageId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
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
        <h2 id={titleId} className="mb-2 text-lg font-semibold">
          {title}
        </h2>
        <p id={messageId} className="text-sm text-slate-700">
          {message}
        </p>
        <div className="mt-5 flex justify-end gap-2">
          <Button variant="secondary" onClick={onCancel}>
            {t("cancel")}
          </Button>
          <Button onClick={onConfirm} autoFocus>
            {t("confirm")}
          </Button>
        </div>
      </div>
    </dialog>
  );
}
