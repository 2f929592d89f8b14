import type { Metadata } from "next";
import { SESSION_REFRESH_SECONDS } from "@/lib/auth/session-policy.ts";
import { messagesFor } from "@/lib/i18n/messages.ts";
import { currentLocale } from "@/lib/i18n/server/server-translator.ts";
import { Providers } from "./providers.tsx";
import "./globals.css";

export const metadata: Metadata = { title: "DocFlow", description: "Fluxos de documentos com exclusão de dados LGPD" };

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const locale = await currentLocale();
  return (
    <html lang={locale}>
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">
        <Providers locale={locale} messages={messagesFor(locale)} refreshSeconds={SESSION_REFRESH_SECONDS}>
          {children}
        </Providers>
      </body>
    </html>
  );
}
