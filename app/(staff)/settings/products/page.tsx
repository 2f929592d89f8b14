import { ProductsPanel } from "@/components/settings/products-panel.tsx";
import { requireSettingsAdmin } from "../settings-access.ts";
import { settingsMetadata } from "../metadata.ts";

export const generateMetadata = () => settingsMetadata("products");

export default async function SettingsProductsPage() {
  await requireSettingsAdmin();
  return <ProductsPanel />;
}
