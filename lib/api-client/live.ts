// "Live" queries: open pages follow changes by polling (TanStack Query refetchInterval), paused while the tab is
// hidden and caught up as soon as it is shown again. Why polling and not server-sent events:
// docs/decisions/0025-live-data-by-polling.md
// ("Live data"), with the measured cost per open page (bench/live-polling.ts).

/** How often an open page asks again. */
export const LIVE_INTERVAL_MS = 10_000;

/** Spread into useQuery options of any page that should stay current (the LGPD page uses it too). */
export const liveQueryOptions = {
  refetchInterval: LIVE_INTERVAL_MS,
  // TanStack pauses interval refetches while document.visibilityState is "hidden"…
  refetchIntervalInBackground: false,
  // …and refetches a stale query the moment the tab is visible again.
  refetchOnWindowFocus: true,
} as const;
