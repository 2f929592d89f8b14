import "server-only";
import { AppShell } from "@/components/layout/app-shell.tsx";
import type { Actor } from "@/lib/auth/actor.ts";
import { staffIdentity } from "@/lib/auth/server/staff-identity.ts";
import { currentLocale } from "@/lib/i18n/server/server-translator.ts";

/** The app shell for a signed-in actor (the (staff) layout and the forbidden page): reads the header's user. */
export async function StaffShell({ actor, children }: { actor: Actor; children: React.ReactNode }) {
  const [user, locale] = await Promise.all([staffIdentity(actor), currentLocale()]);
  return (
    <AppShell role={actor.role} user={user} locale={locale}>
      {children}
    </AppShell>
  );
}
