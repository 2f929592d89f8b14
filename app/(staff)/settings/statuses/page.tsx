import { StatusesPanel } from "@/components/settings/statuses-panel.tsx";
import { requireStaff } from "@/lib/auth/server/page-guard.ts";
import { settingsMetadata } from "../metadata.ts";

export const generateMetadata = () => settingsMetadata("statuses");

export default async function SettingsStatusesPage() {
  await requireStaff("admin");
  return <StatusesPanel />;
}
