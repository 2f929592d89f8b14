import { ReplyTemplateCard } from "@/components/settings/reply-template-card.tsx";
import { TrackingPagePanel } from "@/components/settings/tracking-page-panel.tsx";
import { requireSettingsAdmin } from "../settings-access.ts";
import { settingsMetadata } from "../metadata.ts";

export const generateMetadata = () => settingsMetadata("tracking-page");

export default async function SettingsTrackingPage() {
  await requireSettingsAdmin();
  return (
    <div className="space-y-6">
      <TrackingPagePanel />
      <ReplyTemplateCard />
    </div>
  );
}
