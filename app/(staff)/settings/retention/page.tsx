import { RetentionPanel } from "@/components/settings/retention-panel.tsx";
import { requireStaff } from "@/lib/auth/server/page-guard.ts";
import { settingsMetadata } from "../metadata.ts";

export const generateMetadata = () => settingsMetadata("retention");

export default async function SettingsRetentionPage() {
  await requireStaff("admin");
  return <RetentionPanel />;
}
