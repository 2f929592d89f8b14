import { hashTestPassword } from "../../tests/helpers/passwords.ts";
import type { Db } from "../../lib/db/client.ts";
import { createInstanceWithCatalog } from "../../lib/seed/server/catalog.ts";

// An instance set up without the company's name (its name only spells its slug), for e2e/company-name.spec.ts: its
// admin is asked for the name on the staff pages, its staff member is not. Its own instance, so saving the name there
// changes nothing the other specs see of the default instance.

export const NAMELESS_INSTANCE = "sem-nome";
export const NAMELESS_USERS = {
  admin: { email: "admin@sem-nome.e2e.test", password: "sem-nome-admin-123", name: "Olga Admin" },
  staff: { email: "staff@sem-nome.e2e.test", password: "sem-nome-staff-123", name: "Caio Staff" },
} as const;

export async function seedNamelessInstance(db: Db): Promise<void> {
  const catalog = await createInstanceWithCatalog(db, NAMELESS_INSTANCE, NAMELESS_INSTANCE);
  for (const [role, user] of Object.entries(NAMELESS_USERS)) {
    await db.user.create({
      data: {
        instanceId: catalog.instanceId,
        email: user.email,
        name: user.name,
        role: role as keyof typeof NAMELESS_USERS,
        passwordHash: await hashTestPassword(user.password),
      },
    });
  }
}
