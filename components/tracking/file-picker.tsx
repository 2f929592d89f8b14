"use client";

import { useId, useRef } from "react";
import { useTranslations } from "use-intl";

/**
 * A file input with a labelled pt-BR button ("Escolher arquivo") and the chosen file's name beside it, instead of the
 * browser's own control (Chromium writes "Choose File" / "No file chosen" in the browser's language). The native
 * input stays in the page (visually hidden, still focusable through the button) so forms and tests use it as usual.
 */
export function FilePicker({
  label,
  hint,
  file,
  onChange,
  accept,
}: {
  label: string;
  hint: string;
  file: File | null;
  onChange: (file: File | null) => void;
  accept: string;
}) {
  const t = useTranslations("tracking");
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        accept={accept}
        aria-describedby={`${id}-hint ${id}-chosen`}
        className="sr-only"
        onChange={(event) => onChange(event.target.files?.[0] ?? null)}
      />
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          aria-controls={id}
          onClick={() => input.current?.click()}
          className="inline-flex min-h-11 items-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100 lg:min-h-0"
        >
          {t("chooseButton")}
        </button>
        <span id={`${id}-chosen`} className="min-w-0 break-all text-sm text-slate-700" data-testid="chosen-file">
          {file ? file.name : t("noFileChosen")}
        </span>
      </div>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        {hint}
      </p>
    </div>
  );
}

export const CUSTOMER_FILE_ACCEPT = "application/pdf,image/jpeg,image/png,image/webp,image/heic";
