import { CategoriesPanel } from "@/components/settings/categories-panel.tsx";
import { requireStaff } from "@/lib/auth/server/page-guard.ts";
import { settingsMetadata } from "../metadata.ts";

export const generateMetadata = () => settingsMetadata("categories");

export default async function SettingsCategoriesPage() {
  await requireStaff("admin");
  return <CategoriesPanel />;
}
