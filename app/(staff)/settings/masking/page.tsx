import { MaskingPolicyPanel } from "@/components/settings/masking-policy-panel.tsx";
import { requireStaff } from "@/lib/auth/server/page-guard.ts";
import { settingsMetadata } from "../metadata.ts";

export const generateMetadata = () => settingsMetadata("masking");

export default async function SettingsMaskingPage() {
  await requireStaff("admin");
  return <MaskingPolicyPanel />;
}
