import { createApiToken } from "@/lib/auth/server/api-tokens.ts";
import type { Role } from "@/lib/db/generated/enums.ts";
import type { Db } from "@/lib/db/client.ts";
import { createInstanceWithCatalog, type SeededCatalog } from "@/lib/seed/server/catalog.ts";

export type InstanceFixture = SeededCatalog & {
  slug: string;
  tokens: Record<Role, string>;
};

/** An instance with the default catalog and one document-API token per role. */
export async function createInstanceFixture(db: Db, slug = "default"): Promise<InstanceFixture> {
  const catalog = await createInstanceWithCatalog(db, slug);
  const tokens = {} as Record<Role, string>;
  for (const role of ["admin", "staff", "viewer"] as const) {
    // Staff and admin tokens stand for integrations that read the customer's data in clear (as the tokens made
    // before masking reached the API were migrated); the viewer's gets it masked.
    const clearPersonalData = role !== "viewer";
    tokens[role] = (
      await createApiToken({ instanceId: catalog.instanceId, name: `${slug}-${role}`, role, clearPersonalData })
    ).token;
  }
  return { ...catalog, slug, tokens };
}
