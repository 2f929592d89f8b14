import { UsersPanel } from "@/components/settings/users-panel.tsx";
import { requireSettingsAdmin } from "../settings-access.ts";
import { settingsMetadata } from "../metadata.ts";

export const generateMetadata = () => settingsMetadata("users");

export default async function SettingsUsersPage() {
  const actor = await requireSettingsAdmin();
  return <UsersPanel currentUserId={actor.userId} />;
}
