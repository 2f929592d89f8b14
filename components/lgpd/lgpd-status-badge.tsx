"use client";

import { useTranslations } from "use-intl";
import type { LgpdRequestStatus } from "@/lib/api-client/lgpd.ts";

const TONES: Record<LgpdRequestStatus, string> = {
  pending: "bg-amber-100 text-amber-900",
  done: "bg-green-100 text-green-900",
  not_found: "bg-slate-200 text-slate-800",
  error: "bg-red-100 text-red-900",
};

export function LgpdStatusBadge({ status }: { status: LgpdRequestStatus }) {
  const t = useTranslations("lgpd.status");
  return (
    <span
      className={`inline-flex w-fit whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[status]}`}
    >
      {t(status)}
    </span>
  );
}
