import { SsoSettingsPanel } from "@/components/settings/sso-settings-panel.tsx";
import { requireSettingsAdmin } from "../settings-access.ts";
import { settingsMetadata } from "../metadata.ts";

export const generateMetadata = () => settingsMetadata("sso");

export default async function SettingsSsoPage() {
  await requireSettingsAdmin();
  return <SsoSettingsPanel />;
}
