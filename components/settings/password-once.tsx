"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button.tsx";
import { Dialog } from "@/components/ui/dialog.tsx";
import { Alert } from "@/components/ui/feedback.tsx";

/** A generated password, shown this once (it is not stored readable anywhere). */
export function PasswordOnce({ email, password, onClose }: { email: string; password: string; onClose: () => void }) {
  const t = useTranslations("settings.users");
  const [copied, setCopied] = useState(false);
  return (
    <Dialog open title={t("passwordTitle")} onClose={onClose}>
      <div className="space-y-3">
        <Alert tone="warning">{t("passwordOnce", { email })}</Alert>
        <div className="flex flex-wrap items-center gap-2">
          <code
            data-testid="generated-password"
            className="rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-base break-all"
          >
            {password}
          </code>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              void navigator.clipboard?.writeText(password).then(() => setCopied(true));
            }}
          >
            {copied ? t("copied") : t("copy")}
          </Button>
        </div>
        <div className="flex justify-end">
          <Button onClick={onClose}>{t("passwordDone")}</Button>
        </div>
      </div>
    </Dialog>
  );
}
