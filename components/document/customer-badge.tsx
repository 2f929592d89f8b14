"use client";

import { useTranslations } from "use-intl";

/** Marks what the customer wrote or sent from the tracking page, apart from the team's outgoing "Para o cliente". */
export function CustomerBadge() {
  const t = useTranslations("document");
  return (
    <span
      data-testid="from-customer"
      className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900"
    >
      {t("fromCustomer")}
    </span>
  );
}
