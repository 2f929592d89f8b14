import { TrackingPagePanel } from "@/components/settings/tracking-page-panel.tsx";
import { requireStaff } from "@/lib/auth/server/page-guard.ts";
import { settingsMetadata } from "../metadata.ts";

export const generateMetadata = () => settingsMetadata("tracking-page");

export default async function SettingsTrackingPage() {
  await requireStaff("admin");
  return <TrackingPagePanel />;
}
