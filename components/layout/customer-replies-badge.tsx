"use client";

import Link from "next/link";
import { useTranslations } from "use-intl";
import { useCustomerRepliesCount } from "@/lib/api-client/account.ts";

/**
 * The header's count of cases whose customer replied and that wait for the signed-in person (live); it opens the
 * queue's "Cliente respondeu" view, latest reply first. Nothing shows at zero.
 */
export function CustomerRepliesBadge() {
  const t = useTranslations("common");
  const count = useCustomerRepliesCount().data?.count ?? 0;
  if (count === 0) return null;
  return (
    <Link
      href="/documents?respondeu=1&sort=customer_activity"
      data-testid="customer-replies-count"
      className="inline-flex min-h-9 items-center gap-1 rounded-full bg-amber-100 px-3 text-sm font-semibold text-amber-900 hover:bg-amber-200"
    >
      {t("nav.customerReplies", { count })}
    </Link>
  );
}
