import { RetentionPanel } from "@/components/settings/retention-panel.tsx";
import { requireSettingsAdmin } from "../settings-access.ts";
import { settingsMetadata } from "../metadata.ts";

export const generateMetadata = () => settingsMetadata("retention");

export default async function SettingsRetentionPage() {
  await requireSettingsAdmin();
  return <RetentionPanel />;
}
