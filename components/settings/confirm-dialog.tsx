"use client";

import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button.tsx";
import { Dialog } from "@/components/ui/dialog.tsx";
import { Alert } from "@/components/ui/feedback.tsx";
import { useServerErrors } from "@/components/ui/server-errors.ts";

/** "Are you sure?" for destructive or session-ending actions; the server's refusal (409) is shown inside. */
export function ConfirmDialog({
  open,
  title,
  body,
  confirmLabel,
  pending,
  error,
  onConfirm,
  onClose,
  tone = "danger",
}: {
  open: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  pending: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
  tone?: "danger" | "primary";
}) {
  const t = useTranslations("settings.common");
  const errors = useServerErrors(error);
  return (
    <Dialog open={open} title={title} onClose={onClose}>
      <p className="mb-4 text-sm text-slate-700">{body}</p>
      {errors.form ? (
        <div className="mb-4">
          <Alert>{errors.form}</Alert>
        </div>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {t("cancel")}
        </Button>
        <Button variant={tone} onClick={onConfirm} disabled={pending}>
          {pending ? t("working") : confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
