"use client";

import { useEffect, useState } from "react";
import { useTranslations } from "use-intl";

/** The current time, re-read every `everyMs` (for countdowns and "updated N s ago"). */
export function useNow(everyMs = 1000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}

/**
 * "Atualizado há 12 s" under a list that refreshes itself, so staff can trust what they see without reloading.
 * Not a live region: announcing a ticking clock every second would drown a screen reader.
 */
export function UpdatedAgo({ updatedAt, fetching }: { updatedAt: number; fetching: boolean }) {
  const t = useTranslations("common.live");
  const now = useNow();
  if (!updatedAt) return null;
  const seconds = Math.max(0, Math.floor((now.getTime() - updatedAt) / 1000));
  return (
    <p className="text-xs text-slate-600" data-testid="updated-ago">
      <span
        aria-hidden
        className={`mr-1.5 inline-block h-2 w-2 rounded-full ${fetching ? "bg-amber-500" : "bg-green-600"}`}
      />
      {seconds < 60 ? t("updatedSeconds", { seconds }) : t("updatedMinutes", { minutes: Math.floor(seconds / 60) })}
      {fetching ? <span className="sr-only"> · {t("updating")}</span> : null}
    </p>
  );
}
