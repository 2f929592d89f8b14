// Renders a kit component for a component test (vitest project "components", happy-dom): pt-BR messages and the
// São Paulo time zone as the app's providers give them, and a fresh TanStack Query client.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render } from "@testing-library/react";
import { afterEach } from "vitest";
import { IntlProvider } from "use-intl";
import { messagesFor } from "@/lib/i18n/messages.ts";
import { DEFAULT_TIME_ZONE } from "@/lib/time/zone.ts";

afterEach(cleanup);

export function renderWithApp(ui: React.ReactElement, now = new Date()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <IntlProvider locale="pt-BR" messages={messagesFor("pt-BR")} timeZone={DEFAULT_TIME_ZONE} now={now}>
        {ui}
      </IntlProvider>
    </QueryClientProvider>,
  );
}
