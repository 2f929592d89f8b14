import "server-only";
import type { Db } from "../../db/client.ts";
import { companyNameField } from "../../tracking/schemas.ts";
import { createInstanceWithCatalog } from "./catalog.ts";
import { config } from "../../config/index.ts";

// What `npm run db:seed` and `npm start` do to a database: create the `default` instance with the default catalog,
// only when the database has no instance at all. A database with data is never touched.

export const DEFAULT_INSTANCE = { slug: "default", name: "Default" } as const;

export type SeedResult =
  { seeded: true; instanceId: number; slug: string; summary: string } | { seeded: false; reason: string };

/** `companyName`: the name the instance's customers know the company by (else its admins are asked for it). */
export async function seedIfEmpty(db: Db, options: { companyName?: string | null } = {}): Promise<SeedResult> {
  const instances = await db.instance.count();
  if (instances > 0) {
    return {
      seeded: false,
      reason: `the database already has ${instances === 1 ? "an instance" : `${instances} instances`}; nothing was changed`,
    };
  }
  try {
    const companyName = companyNameField.parse(options.companyName);
    const catalog = await createInstanceWithCatalog(db, DEFAULT_INSTANCE.slug, DEFAULT_INSTANCE.name, { companyName });
    return {
      seeded: true,
      instanceId: catalog.instanceId,
      slug: DEFAULT_INSTANCE.slug,
      summary:
        `instance "${DEFAULT_INSTANCE.slug}" with ${Object.keys(catalog.categoryIds).length} status categories, ` +
        `${Object.keys(catalog.statusIds).length} statuses, 1 product and 2 modalities` +
        (companyName ? `, company name "${companyName}"` : ", no company name (its admins will be asked for one)"),
    };
  } catch (error) {
    // Another server starting at the same moment created it first (the slug is unique).
    if (isUniqueViolation(error)) return { seeded: false, reason: "another process seeded the database just now" };
    throw error;
  }
}

/** Why seeding must not run here, or null. Production needs `--force` or ALLOW_PRODUCTION_SEED=1. */
export function seedRefusal(env: NodeJS.ProcessEnv, force: boolean): string | null {
  if (config("NODE_ENV", env) !== "production" || force || config("ALLOW_PRODUCTION_SEED", env)) return null;
  return "NODE_ENV is production: refusing to seed. Pass --force or set ALLOW_PRODUCTION_SEED=1 if you mean it.";
}

export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "P2002";
}
