import { ModalitiesPanel } from "@/components/settings/modalities-panel.tsx";
import { requireSettingsAdmin } from "../settings-access.ts";
import { settingsMetadata } from "../metadata.ts";

export const generateMetadata = () => settingsMetadata("modalities");

export default async function SettingsModalitiesPage() {
  await requireSettingsAdmin();
  return <ModalitiesPanel />;
}
