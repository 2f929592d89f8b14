"use client";

import { useTranslations } from "use-intl";
import { Badge, type BadgeTone } from "@/components/ui/badge.tsx";
import { shownStatus, type LgpdShownStatus } from "@/lib/lgpd/shown-status.ts";

const TONES: Record<LgpdShownStatus, BadgeTone> = {
  pending: "warning",
  done: "success",
  not_found: "neutral",
  error: "danger",
  // An answer the officer gave, not a failure to fix.
  denied: "neutral",
};

/** A request's state: the API's status, or "Negada" for a deletion the officer denied. */
export function LgpdStatusBadge(request: Parameters<typeof shownStatus>[0]) {
  const t = useTranslations("lgpd.status");
  const shown = shownStatus(request);
  return (
    <Badge tone={TONES[shown]} data-status={shown}>
      {t(shown)}
    </Badge>
  );
}
