import { StaffShell } from "./staff-shell.tsx";
import { requireStaff } from "@/lib/auth/server/page-guard.ts";

// Every staff page needs a session; pages needing more (staff, admin) call requireStaff(role) themselves.
export default async function StaffLayout({ children }: { children: React.ReactNode }) {
  const actor = await requireStaff("viewer");
  return <StaffShell actor={actor}>{children}</StaffShell>;
}
