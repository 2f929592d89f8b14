"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslations } from "use-intl";
import { busyWaitSeconds } from "@/lib/api-client/busy-retry.ts";

/**
 * "Servidor ocupado, tentando de novo em N s" while any request of the page waits out a busy server's Retry-After
 * before TanStack Query asks again (lib/api-client/busy-retry.ts): without it the page only showed its spinner, or
 * the error once the retries were spent. A polite live region, so a screen reader hears it too.
 */
export function BusyServerNotice() {
  const client = useQueryClient();
  const t = useTranslations("common.busy");
  // Each failed attempt still being retried → when its retry is due (ms since the epoch).
  const [retryDue, setRetryDue] = useState<ReadonlyMap<string, number>>(new Map());
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    let known = new Map<string, number>();
    const scan = () => {
      const next = new Map<string, number>();
      const add = (key: string, error: unknown) => {
        const seconds = busyWaitSeconds(error);
        if (seconds !== null) next.set(key, known.get(key) ?? Date.now() + seconds * 1000);
      };
      for (const query of client.getQueryCache().getAll())
        if (query.state.fetchStatus === "fetching")
          add(`query ${query.queryHash} ${query.state.fetchFailureCount}`, query.state.fetchFailureReason);
      for (const mutation of client.getMutationCache().getAll())
        if (mutation.state.status === "pending")
          add(`mutation ${mutation.mutationId} ${mutation.state.failureCount}`, mutation.state.failureReason);
      known = next;
      setNow(Date.now());
      setRetryDue(next);
    };
    const stopQueries = client.getQueryCache().subscribe(scan);
    const stopMutations = client.getMutationCache().subscribe(scan);
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [client]);

  const waiting = retryDue.size > 0;
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [waiting]);

  const seconds = waiting ? Math.max(0, Math.ceil((Math.max(...retryDue.values()) - now) / 1000)) : 0;
  return (
    <div role="status" className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4">
      {waiting ? (
        <p
          className="rounded-md border border-amber-300 bg-amber-50 px-4 py-2 text-sm font-medium text-amber-950 shadow"
          data-testid="busy-server-notice"
        >
          {t("retrying", { seconds })}
        </p>
      ) : null}
    </div>
  );
}
