import { LgpdKeyPanel } from "@/components/apis/lgpd-key-panel.tsx";
import { requireStaff } from "@/lib/auth/server/page-guard.ts";

export default async function ApisLgpdPage() {
  await requireStaff("admin");
  return <LgpdKeyPanel />;
}
