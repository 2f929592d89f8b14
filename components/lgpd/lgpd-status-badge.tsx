"use client";

import { useTranslations } from "use-intl";
import { Badge, type BadgeTone } from "@/components/ui/badge.tsx";
import type { LgpdRequestStatus } from "@/lib/api-client/lgpd.ts";

const TONES: Record<LgpdRequestStatus, BadgeTone> = {
  pending: "warning",
  done: "success",
  not_found: "neutral",
  error: "danger",
};

export function LgpdStatusBadge({ status }: { status: LgpdRequestStatus }) {
  const t = useTranslations("lgpd.status");
  return <Badge tone={TONES[status]}>{t(status)}</Badge>;
}
