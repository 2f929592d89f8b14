import "server-only";
import type { Actor } from "@/lib/auth/actor.ts";
import { getDb } from "@/lib/db/client.ts";
import { AppShell } from "./app-shell.tsx";

/** The app shell for a signed-in actor: reads the user's name and e-mail for the header. */
export async function StaffShell({ actor, children }: { actor: Actor; children: React.ReactNode }) {
  const db = await getDb();
  const user = await db.user.findUnique({ where: { id: actor.id }, select: { name: true, email: true } });
  return (
    <AppShell role={actor.role} user={{ name: user?.name ?? null, email: user?.email ?? actor.label }}>
      {children}
    </AppShell>
  );
}
