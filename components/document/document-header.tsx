"use client";

import Link from "next/link";
import { useTranslations } from "use-intl";
import { Badge } from "@/components/ui/badge.tsx";
import type { StaffDocumentView } from "@/lib/api-client/document.ts";
import { useDateTime } from "./format.ts";

/** Protocol, status badge in the status's own colours, category and last change. */
export function DocumentHeader({
  view,
  live,
  backHref = "/documents",
  navigation,
}: {
  view: StaffDocumentView;
  live?: React.ReactNode;
  /** The list the document was opened from (its filters, page and row). */
  backHref?: string;
  /** Previous / next in that list. */
  navigation?: React.ReactNode;
}) {
  const t = useTranslations("document");
  const dateTime = useDateTime();
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link
          href={backHref}
          data-testid="back-to-list"
          className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
        >
          <span aria-hidden>← </span>
          {t("back")}
        </Link>
        {navigation}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">
          <span className="sr-only">{t("header.protocol")} </span>
          <span className="font-mono">{view.document.protocol}</span>
        </h1>
        <p data-testid="document-status">
          <span className="sr-only">{t("header.status")}: </span>
          <Badge color={view.status.text_color} background={view.status.bg_color}>
            {view.status.name}
          </Badge>
        </p>
      </div>
      <p className="text-sm text-slate-600">
        {t("header.category", { category: view.status.category_label })} ·{" "}
        {t("header.updated", { date: dateTime(view.document.updated_at) })}
      </p>
      {live}
    </div>
  );
}
