import { notFound } from "next/navigation";
import { ProductDetailPanel } from "@/components/settings/product-detail.tsx";
import { requireSettingsAdmin } from "../../settings-access.ts";
import { settingsMetadata } from "../../metadata.ts";

export const generateMetadata = () => settingsMetadata("products");

export default async function SettingsProductPage({ params }: { params: Promise<{ id: string }> }) {
  await requireSettingsAdmin();
  const { id } = await params;
  if (!/^\d{1,9}$/.test(id)) notFound();
  return <ProductDetailPanel id={Number(id)} />;
}
