import { notFound } from "next/navigation";
import { ReceiptView } from "@/components/lgpd/receipt-view.tsx";
import { requireStaff } from "@/lib/auth/server/page-guard.ts";
import { lgpdReceipt } from "@/lib/lgpd/server/admin-requests.ts";

export default async function LgpdReceiptPage({ params }: { params: Promise<{ id: string }> }) {
  const actor = await requireStaff("admin");
  const { id } = await params;
  if (!/^\d{1,9}$/.test(id)) notFound();
  const receipt = await lgpdReceipt(actor.instanceId, Number(id));
  if (!receipt) notFound();
  return <ReceiptView receipt={receipt} />;
}
