"use client";
// The last cell of a settings table row: edit, open and delete actions named after the row they act on.

import Link from "next/link";
import { useId } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button.tsx";
import { actionsCell, actionsRow, dangerText } from "./layout-parts.tsx";

/** The actions cell: its buttons side by side, wrapping when the column is narrow. */
export function RowActions({ children }: { children: React.ReactNode }) {
  return (
    <td className={actionsCell}>
      <div className={actionsRow}>{children}</div>
    </td>
  );
}

/** "Edit", announced as "Edit <name>". */
export function EditButton({ name, onClick }: { name: string; onClick: () => void }) {
  const t = useTranslations("settings.common");
  return (
    <Button size="sm" variant="secondary" onClick={onClick} aria-label={t("editNamed", { name })}>
      {t("edit")}
    </Button>
  );
}

/** "Delete", announced as "Delete <name>"; it only asks, the confirmation dialog deletes. With `refusal` (the server
 * would refuse: the row is in use) it is disabled and the reason is shown beside it and tied to it. */
export function DeleteButton({
  name,
  onClick,
  refusal = null,
}: {
  name: string;
  onClick: () => void;
  refusal?: string | null;
}) {
  const t = useTranslations("settings.common");
  const reasonId = useId();
  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        className={dangerText}
        onClick={onClick}
        disabled={refusal !== null}
        aria-describedby={refusal !== null ? reasonId : undefined}
        aria-label={t("deleteNamed", { name })}
      >
        {t("delete")}
      </Button>
      {refusal !== null ? (
        <span id={reasonId} className="text-xs text-slate-600" data-testid="delete-refusal">
          {refusal}
        </span>
      ) : null}
    </>
  );
}

/** A link to the row's own page, styled as a small secondary button. */
export function OpenLink({ href, label, ariaLabel }: { href: string; label: string; ariaLabel: string }) {
  return (
    <Link
      href={href}
      className="inline-flex items-center rounded-md border border-slate-300 bg-white px-2.5 py-1 text-sm font-medium text-slate-800 hover:bg-slate-100"
      aria-label={ariaLabel}
    >
      {label}
    </Link>
  );
}
