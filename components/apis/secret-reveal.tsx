"use client";

import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button.tsx";
import { CopyButton } from "./copy-button.tsx";

/** A just-created secret, shown this once: read-only field, copy button, and a way to hide it for good. */
export function SecretReveal({
  label,
  secret,
  message,
  onDismiss,
}: {
  label: string;
  secret: string;
  message: string;
  onDismiss: () => void;
}) {
  const t = useTranslations("apis.secret");
  const id = `secret-${label.replace(/\W+/g, "-").toLowerCase()}`;
  return (
    <div className="space-y-3 rounded-md border border-green-300 bg-green-50 p-4 text-sm text-green-950">
      <p role="status" className="font-medium">
        {message}
      </p>
      <p id={`${id}-hint`} className="font-semibold">
        {t("once")}
      </p>
      <div>
        <label htmlFor={id} className="mb-1 block font-medium">
          {label}
        </label>
        <div className="flex flex-wrap items-center gap-2">
          <input
            id={id}
            readOnly
            value={secret}
            aria-describedby={`${id}-hint`}
            autoFocus
            onFocus={(event) => event.currentTarget.select()}
            className="min-w-0 flex-1 rounded-md border border-green-400 bg-white px-3 py-2 font-mono text-sm text-slate-900"
            spellCheck={false}
            autoComplete="off"
          />
          <CopyButton text={secret} what={label} />
        </div>
      </div>
      <Button variant="secondary" size="sm" onClick={onDismiss}>
        {t("dismiss")}
      </Button>
    </div>
  );
}
