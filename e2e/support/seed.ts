import { hashTestPassword } from "../../tests/helpers/passwords.ts";
import type { Db } from "../../lib/db/client.ts";
import { createInstanceWithCatalog, type SeededCatalog } from "../../lib/seed/server/catalog.ts";
import { E2E_USERS } from "./users.ts";

/** The e2e database: the default instance with its catalog and one user per role. */
export async function seedE2e(db: Db): Promise<SeededCatalog> {
  const catalog = await createInstanceWithCatalog(db, "default", "Default");
  for (const [role, user] of Object.entries(E2E_USERS)) {
    await db.user.create({
      data: {
        instanceId: catalog.instanceId,
        email: user.email,
        name: user.name,
        role: role as keyof typeof E2E_USERS,
        passwordHash: await hashTestPassword(user.password),
      },
    });
  }
  await (await import("./seed-lgpd.ts")).seedLgpdRequests(db, catalog.instanceId);
  await (await import("./seed-document-page.ts")).seedDocumentPage(db, catalog);
  await (await import("./seed-dashboard.ts")).seedDashboard(db, catalog);
  await (await import("./seed-documents.ts")).seedE2eDocuments(db, catalog);
  await (await import("./seed-queue.ts")).seedQueue(catalog);
  await (await import("./seed-retention.ts")).seedRetention(db, catalog);
  await (await import("./seed-nameless-instance.ts")).seedNamelessInstance(db);
  return catalog;
}
