import { ProductsPanel } from "@/components/settings/products-panel.tsx";
import { requireStaff } from "@/lib/auth/server/page-guard.ts";
import { settingsMetadata } from "../metadata.ts";

export const generateMetadata = () => settingsMetadata("products");

export default async function SettingsProductsPage() {
  await requireStaff("admin");
  return <ProductsPanel />;
}
