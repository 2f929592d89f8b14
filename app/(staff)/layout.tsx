import { AppShell } from "@/components/layout/app-shell.tsx";
import { requireStaff } from "@/lib/auth/page-guard.ts";
import { getDb } from "@/lib/db/client.ts";

// Every staff page needs a session; pages needing more (staff, admin) call requireStaff(role) themselves.
export default async function StaffLayout({ children }: { children: React.ReactNode }) {
  const actor = await requireStaff("viewer");
  const db = await getDb();
  const user = await db.user.findUnique({ where: { id: actor.id }, select: { name: true, email: true } });
  return (
    <AppShell role={actor.role} userName={user?.name || user?.email || actor.label}>
      {children}
    </AppShell>
  );
}
