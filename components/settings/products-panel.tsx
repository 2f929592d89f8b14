"use client";

import Link from "next/link";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button.tsx";
import { Badge } from "@/components/ui/feedback.tsx";
import { useDeleteProduct, useProducts, type ProductRow } from "@/lib/api-client/settings.ts";
import { ConfirmDialog } from "./confirm-dialog.tsx";
import {
  actionsCell,
  actionsRow,
  cell,
  dangerText,
  wideOnly,
  QueryState,
  SectionHeader,
  SettingsTable,
} from "./layout-parts.tsx";
import { ProductDialog } from "./product-form.tsx";

export function ProductsPanel() {
  const t = useTranslations("settings");
  const query = useProducts();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<ProductRow | null>(null);
  const remove = useDeleteProduct();

  return (
    <>
      <SectionHeader
        title={t("products.title")}
        intro={t("products.intro")}
        action={<Button onClick={() => setCreating(true)}>{t("products.new")}</Button>}
      />
      <QueryState query={query}>
        {(products) => (
          <SettingsTable
            caption={t("products.title")}
            head={[
              t("products.name"),
              t("products.sla"),
              t("products.active"),
              { label: t("products.columns"), className: wideOnly },
              { label: t("products.steps"), className: wideOnly },
              t("products.documents"),
              t("common.actions"),
            ]}
          >
            {products.map((product) => (
              <tr key={product.id}>
                <td className={`${cell} min-w-[12rem]`}>
                  <div className="font-medium text-slate-900">{product.name}</div>
                  {product.description ? (
                    <div className="max-w-md text-xs text-slate-600">{product.description}</div>
                  ) : null}
                </td>
                <td className={`${cell} whitespace-nowrap`}>
                  {product.sla === null ? "—" : t("common.hours", { value: product.sla })}
                </td>
                <td className={cell}>
                  {product.active ? (
                    <Badge text={t("products.isActive")} color="#14532d" background="#dcfce7" />
                  ) : (
                    <Badge text={t("products.isInactive")} color="#374151" background="#e5e7eb" />
                  )}
                </td>
                <td className={`${cell} ${wideOnly}`}>{product.columns?.length ?? 0}</td>
                <td className={`${cell} ${wideOnly}`}>{product.steps?.length ?? 0}</td>
                <td className={cell}>{product.document_count}</td>
                <td className={actionsCell}>
                  <div className={actionsRow}>
                    <Link
                      href={`/settings/products/${product.id}`}
                      className="inline-flex items-center rounded-md border border-slate-300 bg-white px-2.5 py-1 text-sm font-medium text-slate-800 hover:bg-slate-100"
                      aria-label={t("products.openNamed", { name: product.name })}
                    >
                      {t("products.open")}
                    </Link>
                    <Button
                      size="sm"
                      variant="ghost"
                      className={dangerText}
                      onClick={() => {
                        remove.reset();
                        setDeleting(product);
                      }}
                      aria-label={t("common.deleteNamed", { name: product.name })}
                    >
                      {t("common.delete")}
                    </Button>
                  </div>
                </td>
              </tr>
            ))}
          </SettingsTable>
        )}
      </QueryState>
      {creating ? <ProductDialog onClose={() => setCreating(false)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t("common.confirmDelete", { name: deleting?.name ?? "" })}
        body={t("products.deleteBody")}
        confirmLabel={t("common.delete")}
        pending={remove.isPending}
        error={remove.error}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
      />
    </>
  );
}
