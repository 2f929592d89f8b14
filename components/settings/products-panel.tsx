"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button.tsx";
import { Badge } from "@/components/ui/badge.tsx";
import { useDeleteProduct, useProducts, type ProductRow } from "@/lib/api-client/settings.ts";
import { ConfirmDeleteDialog, usePendingDelete } from "./confirm-delete-dialog.tsx";
import { cell, wideOnly, QueryState, SectionHeader, SettingsTable } from "./layout-parts.tsx";
import { ProductDialog } from "./product-form.tsx";
import { DeleteButton, OpenLink, RowActions } from "./row-actions.tsx";
import { ServiceCalendars } from "./service-calendars.tsx";

export function ProductsPanel() {
  const t = useTranslations("settings");
  const query = useProducts();
  const [creating, setCreating] = useState(false);
  const deletion = usePendingDelete<ProductRow>(useDeleteProduct());

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
                  {product.sla === null ? "—" : t("products.slaCell", { value: product.sla })}
                </td>
                <td className={cell}>
                  {product.active ? (
                    <Badge tone="success">{t("products.isActive")}</Badge>
                  ) : (
                    <Badge tone="neutral">{t("products.isInactive")}</Badge>
                  )}
                </td>
                <td className={`${cell} ${wideOnly}`}>{product.columns?.length ?? 0}</td>
                <td className={`${cell} ${wideOnly}`}>{product.steps?.length ?? 0}</td>
                <td className={cell}>{product.document_count}</td>
                <RowActions>
                  <OpenLink
                    href={`/settings/products/${product.id}`}
                    label={t("products.open")}
                    ariaLabel={t("products.openNamed", { name: product.name })}
                  />
                  <DeleteButton
                    name={product.name}
                    onClick={() => deletion.ask(product)}
                    refusal={
                      product.document_count > 0 ? t("common.inUseProduct", { count: product.document_count }) : null
                    }
                  />
                </RowActions>
              </tr>
            ))}
          </SettingsTable>
        )}
      </QueryState>
      <ServiceCalendars />
      {creating ? <ProductDialog onClose={() => setCreating(false)} /> : null}
      <ConfirmDeleteDialog deletion={deletion} name={(row) => row.name} body={t("products.deleteBody")} />
    </>
  );
}
