"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { SessionProvider } from "next-auth/react";
import { NuqsAdapter } from "nuqs/adapters/next/app";
import { useState } from "react";
import { IntlProvider } from "use-intl";
import { BusyServerNotice } from "@/components/layout/busy-server-notice.tsx";
import { retryDelay, retryMutation, retryQuery } from "@/lib/api-client/busy-retry.ts";
import type { Locale, Messages } from "@/lib/i18n/messages.ts";
import { DEFAULT_TIME_ZONE } from "@/lib/time/zone.ts";

/** Client-side context for every page: session (kept fresh while a tab is used), queries, translations. */
export function Providers({
  children,
  locale,
  messages,
  refreshSeconds,
}: {
  children: React.ReactNode;
  locale: Locale;
  messages: Messages;
  refreshSeconds: number;
}) {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: { staleTime: 15_000, retry: retryQuery, retryDelay, refetchOnWindowFocus: false },
          mutations: { retry: retryMutation, retryDelay },
        },
      }),
  );
  return (
    <SessionProvider refetchInterval={refreshSeconds} refetchOnWindowFocus>
      <QueryClientProvider client={queryClient}>
        <IntlProvider locale={locale} messages={messages} timeZone={DEFAULT_TIME_ZONE}>
          {/* Typed URL state (nuqs) for pages that keep their filter in the URL. */}
          <NuqsAdapter>{children}</NuqsAdapter>
          <BusyServerNotice />
        </IntlProvider>
      </QueryClientProvider>
    </SessionProvider>
  );
}
