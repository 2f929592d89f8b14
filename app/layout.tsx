import type { Metadata } from "next";
import "./globals.css";

export const metadata: Metadata = { title: "DocFlow", description: "Document workflows with LGPD data deletion" };

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="pt-BR">
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">{children}</body>
    </html>
  );
}
