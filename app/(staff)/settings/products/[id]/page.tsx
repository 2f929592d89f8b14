import { notFound } from "next/navigation";
import { ProductDetailPanel } from "@/components/settings/product-detail.tsx";
import { requireStaff } from "@/lib/auth/server/page-guard.ts";
import { settingsMetadata } from "../../metadata.ts";

export const generateMetadata = () => settingsMetadata("products");

export default async function SettingsProductPage({ params }: { params: Promise<{ id: string }> }) {
  await requireStaff("admin");
  const { id } = await params;
  if (!/^\d{1,9}$/.test(id)) notFound();
  return <ProductDetailPanel id={Number(id)} />;
}
