import { UsersPanel } from "@/components/settings/users-panel.tsx";
import { requireStaff } from "@/lib/auth/server/page-guard.ts";
import { settingsMetadata } from "../metadata.ts";

export const generateMetadata = () => settingsMetadata("users");

export default async function SettingsUsersPage() {
  const actor = await requireStaff("admin");
  return <UsersPanel currentUserId={actor.userId} />;
}
