import "server-only";
import { recordAudit } from "../../audit/server/record-audit.ts";
import { systemActor, type SystemName } from "../../auth/actor.ts";
import { getDb } from "../../db/client.ts";
import { conflict } from "../../errors/app-error.ts";
import { companyNameField } from "../../tracking/schemas.ts";
import { createInstanceWithCatalog } from "./catalog.ts";
import { isUniqueViolation } from "./seed-database.ts";

/**
 * A new instance with the default catalog, audited as the system that made it (instances have no API: the CLI
 * creates them). The audit row belongs to the new instance, so its admins see how it began. `companyName` is the
 * name customers know the company by (the tracking page's settings); without one, the instance's admins are asked
 * for it on the staff pages.
 */
export async function createInstance(
  by: SystemName,
  input: { slug: string; name: string; companyName?: string | null },
) {
  const db = await getDb();
  const companyName = companyNameField.parse(input.companyName);
  let catalog;
  try {
    catalog = await createInstanceWithCatalog(db, input.slug, input.name, { companyName });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw conflict(`An instance "${input.slug}" already exists`, { code: "instance_exists" });
    }
    throw error;
  }
  await recordAudit(db, systemActor(by, catalog.instanceId), {
    action: "instance.create",
    entity: "instance",
    entityId: catalog.instanceId,
    details: { slug: input.slug, name: input.name, ...(companyName ? { company_name: companyName } : {}) },
  });
  return catalog;
}
