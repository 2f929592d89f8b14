import type { Metadata } from "next";
import { TrackingPage } from "@/components/tracking/tracking-page.tsx";
import { customerFileMaxBytes } from "@/lib/tracking/server/upload-customer-file.ts";

// The customer's public tracking page (no staff session): ?t=<signed token> from an e-mail, or the lookup form.
export const metadata: Metadata = { title: "Acompanhe seu protocolo · DocFlow", robots: { index: false } };

export default async function AcompanharPage({ searchParams }: { searchParams: Promise<{ t?: string | string[] }> }) {
  const { t } = await searchParams;
  const token = typeof t === "string" && t.length <= 200 ? t : null;
  return <TrackingPage linkToken={token} maxMegabytes={Math.floor(customerFileMaxBytes() / (1024 * 1024))} />;
}
