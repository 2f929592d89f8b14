import { notFound } from "next/navigation";
import { ReceiptView } from "@/components/lgpd/receipt-view.tsx";
import { requireStaff } from "@/lib/auth/server/page-guard.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { loadLgpdReceipt } from "@/lib/lgpd/server/load-lgpd-receipt.ts";
import { pageTitle } from "@/app/(staff)/page-title.ts";
import { serverTranslator } from "@/lib/i18n/server/server-translator.ts";

/** The browser tab names the page (every page its own title). */
export async function generateMetadata() {
  const t = await serverTranslator("lgpd");
  return pageTitle(t("receipt.title"));
}

export default async function LgpdReceiptPage({ params }: { params: Promise<{ id: string }> }) {
  const actor = await requireStaff("admin");
  const { id } = await params;
  if (!/^\d{1,9}$/.test(id)) notFound();
  const receipt = await loadLgpdReceipt({ actor }, { id: Number(id) }).catch((error: unknown) => {
    if (error instanceof AppError && error.kind === "not_found") return null;
    throw error;
  });
  if (!receipt) notFound();
  return <ReceiptView receipt={receipt} />;
}
