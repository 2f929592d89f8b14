"use client";

import { useFormatter, useTranslations } from "use-intl";
import type { LgpdReceipt } from "@/lib/lgpd/schemas.ts";

/** The receipt's statement of what legal holds kept (LGPD Art. 16 I): per hold, its scope, basis, count and end. */
export function KeptByHold({ kept }: { kept: NonNullable<LgpdReceipt["kept"]> }) {
  const t = useTranslations("lgpdSteering");
  const format = useFormatter();
  return (
    <section aria-labelledby="receipt-kept">
      <h2 id="receipt-kept" className="mb-2 text-base font-semibold">
        {t("kept.title")}
      </h2>
      <p className="mb-2 text-sm text-slate-800">{t("kept.intro", { count: kept.documents })}</p>
      <ul className="list-disc space-y-1 pl-5 text-sm text-slate-800">
        {kept.holds.map((hold) => (
          <li key={hold.hold_id}>
            {t("kept.line", {
              scope:
                hold.scope === "product"
                  ? t("holds.product", { name: hold.scope_name })
                  : t("holds.status", { name: hold.scope_name }),
              basis: hold.basis,
              count: hold.documents,
              until: format.dateTime(new Date(hold.until), { dateStyle: "long" }),
            })}
          </li>
        ))}
      </ul>
    </section>
  );
}
