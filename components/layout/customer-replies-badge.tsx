"use client";

import { useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useRef } from "react";
import { useTranslations } from "use-intl";
import { useCustomerRepliesCount } from "@/lib/api-client/account.ts";
import { documentKeys } from "@/lib/api-client/document-keys.ts";

/**
 * The header's count of cases whose customer replied and that wait for the signed-in person (live); it opens the
 * queue's "Cliente respondeu" view, latest reply first. Nothing shows at zero.
 */
export function CustomerRepliesBadge() {
  const t = useTranslations("common");
  const replies = useCustomerRepliesCount().data;
  const count = replies?.count ?? 0;
  useRefreshListsOnCustomerActivity(replies?.last_activity_at);
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

/** An open queue shows a customer's reply as soon as the header learns of one (not at its own 10 s refresh). */
function useRefreshListsOnCustomerActivity(lastActivityAt: string | null | undefined) {
  const queryClient = useQueryClient();
  const seen = useRef(lastActivityAt);
  useEffect(() => {
    if (lastActivityAt === undefined) return;
    if (seen.current !== undefined && seen.current !== lastActivityAt) {
      void queryClient.invalidateQueries({ queryKey: documentKeys.lists() });
    }
    seen.current = lastActivityAt;
  }, [lastActivityAt, queryClient]);
}
