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
 * The visible cue that a page follows changes by itself: "atualizado há N s" since the query's last answer
 * (TanStack's `dataUpdatedAt`), "atualizando…" while a refetch runs. Not a live region: it ticks every second.
 */
export function UpdatedAgo({ updatedAt, fetching }: { updatedAt: number; fetching: boolean }) {
  const t = useTranslations("live");
  const now = useNow().getTime();
  if (!updatedAt) return null;
  const seconds = Math.max(0, Math.floor((now - updatedAt) / 1000));
  return (
    <p className="inline-flex items-center gap-1.5 text-xs text-slate-600" data-testid="updated-ago">
      <span
        aria-hidden
        className={`h-2 w-2 rounded-full ${fetching ? "animate-pulse bg-brand-600" : "bg-green-600"}`}
      />
      {fetching
        ? t("updating")
        : seconds < 60
          ? t("secondsAgo", { seconds })
          : t("minutesAgo", { minutes: Math.floor(seconds / 60) })}
    </p>
  );
}
