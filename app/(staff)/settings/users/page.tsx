import { SecondFactorPolicyPanel } from "@/components/settings/second-factor-policy-panel.tsx";
import { UsersPanel } from "@/components/settings/users-panel.tsx";
import { requireSettingsAdmin } from "../settings-access.ts";
import { settingsMetadata } from "../metadata.ts";

export const generateMetadata = () => settingsMetadata("users");

export default async function SettingsUsersPage() {
  const actor = await requireSettingsAdmin();
  return (
    <div className="space-y-6">
      <UsersPanel currentUserId={actor.userId} />
      <SecondFactorPolicyPanel />
    </div>
  );
}
