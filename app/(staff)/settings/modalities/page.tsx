import { ModalitiesPanel } from "@/components/settings/modalities-panel.tsx";
import { requireStaff } from "@/lib/auth/server/page-guard.ts";
import { settingsMetadata } from "../metadata.ts";

export const generateMetadata = () => settingsMetadata("modalities");

export default async function SettingsModalitiesPage() {
  await requireStaff("admin");
  return <ModalitiesPanel />;
}
