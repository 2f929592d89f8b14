"use client";

import { useTranslations } from "use-intl";
import { Button } from "./button.tsx";

const PAGE_SIZES = [10, 25, 50, 100];

/** Previous / "Página 2 de 5" / next, and the page size when `onPageSize` is given. */
export function Pagination({
  page,
  pages,
  pageSize,
  onPage,
  onPageSize,
}: {
  page: number;
  pages: number;
  pageSize?: number;
  onPage: (page: number) => void;
  onPageSize?: (size: number) => void;
}) {
  const t = useTranslations("common.pagination");
  return (
    <nav aria-label={t("label")} className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <div className="flex items-center gap-2">
        <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {t("previous")}
        </Button>
        <span className="text-slate-700">{t("page", { page, pages })}</span>
        <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {t("next")}
        </Button>
      </div>
      {pageSize !== undefined && onPageSize ? (
        <label className="flex items-center gap-2 text-slate-700">
          {t("pageSize")}
          <select
            value={pageSize}
            onChange={(event) => onPageSize(Number(event.target.value))}
            className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
          >
            {(PAGE_SIZES.includes(pageSize) ? PAGE_SIZES : [...PAGE_SIZES, pageSize].sort((a, b) => a - b)).map(
              (size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ),
            )}
          </select>
        </label>
      ) : null}
    </nav>
  );
}
