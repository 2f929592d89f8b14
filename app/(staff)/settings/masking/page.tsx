import { MaskingPolicyPanel } from "@/components/settings/masking-policy-panel.tsx";
import { requireSettingsAdmin } from "../settings-access.ts";
import { settingsMetadata } from "../metadata.ts";

export const generateMetadata = () => settingsMetadata("masking");

export default async function SettingsMaskingPage() {
  await requireSettingsAdmin();
  return <MaskingPolicyPanel />;
}
