import "server-only";
import { AppShell } from "@/components/layout/app-shell.tsx";
import type { Actor } from "@/lib/auth/actor.ts";
import { staffIdentity } from "@/lib/auth/server/staff-identity.ts";
import { currentLocale } from "@/lib/i18n/server/server-translator.ts";
import { needsCompanyName } from "@/lib/tracking/server/needs-company-name.ts";

/**
 * The app shell for a signed-in actor (the (staff) layout and the forbidden page): reads the header's user, and
 * whether to ask an admin for the company's name (decided here so the prompt is in the first paint: a prompt fetched
 * after it would push the page down under the pointer).
 */
export async function StaffShell({ actor, children }: { actor: Actor; children: React.ReactNode }) {
  const [user, locale, askCompanyName] = await Promise.all([
    staffIdentity(actor),
    currentLocale(),
    needsCompanyName({ actor }),
  ]);
  return (
    <AppShell role={actor.role} user={user} locale={locale} askCompanyName={askCompanyName}>
      {children}
    </AppShell>
  );
}
