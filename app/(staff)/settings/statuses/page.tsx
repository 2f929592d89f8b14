import { StatusesPanel } from "@/components/settings/statuses-panel.tsx";
import { requireSettingsAdmin } from "../settings-access.ts";
import { settingsMetadata } from "../metadata.ts";

export const generateMetadata = () => settingsMetadata("statuses");

export default async function SettingsStatusesPage() {
  await requireSettingsAdmin();
  return <StatusesPanel />;
}
