"use client";
// The page of one settings item (a product, a modality): the way back to its list, then the item once loaded.

import Link from "next/link";
import { QueryState } from "./layout-parts.tsx";

export function DetailPage<T>({
  backHref,
  backLabel,
  query,
  title,
  children,
}: {
  backHref: string;
  backLabel: string;
  query: React.ComponentProps<typeof QueryState<T>>["query"];
  /** The item's name, shown as the page's section heading. */
  title: (item: T) => string;
  children: (item: T) => React.ReactNode;
}) {
  return (
    <div className="space-y-6">
      <Link href={backHref} className="text-sm text-brand-700 underline">
        {backLabel}
      </Link>
      <QueryState query={query}>
        {(item) => (
          <>
            <h2 className="text-lg font-semibold text-slate-900">{title(item)}</h2>
            {children(item)}
          </>
        )}
      </QueryState>
    </div>
  );
}
