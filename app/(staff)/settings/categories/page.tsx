import { CategoriesPanel } from "@/components/settings/categories-panel.tsx";
import { requireSettingsAdmin } from "../settings-access.ts";
import { settingsMetadata } from "../metadata.ts";

export const generateMetadata = () => settingsMetadata("categories");

export default async function SettingsCategoriesPage() {
  await requireSettingsAdmin();
  return <CategoriesPanel />;
}
