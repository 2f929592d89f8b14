// Setting up an instance asks for the name its customers know the company by: `instance create --company-name` and
// the seed store it as the tracking page's company name (what the customer's page and e-mails greet with), checked
// in the database; a name too long for the settings' own rule is refused before anything is created.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "@/lib/db/client.ts";
import { seedIfEmpty } from "@/lib/seed/server/seed-database.ts";
import { trackingBrand } from "@/lib/tracking/server/page-settings.ts";
import { cliInProcess as cli } from "./helpers/cli-in-process.ts";
import { createMigratedDatabase } from "./helpers/test-database.ts";

let database: Awaited<ReturnType<typeof createMigratedDatabase>>;

beforeAll(async () => {
  database = await createMigratedDatabase();
  process.env.NEXTAUTH_SECRET ??= "test-secret-for-vitest-only";
});
afterAll(async () => {
  await closeDb();
  await database?.cleanup();
});

const companyOf = async (slug: string) => {
  const db = await getDb();
  const instance = await db.instance.findUniqueOrThrow({ where: { slug }, include: { trackingPage: true } });
  const brand = await trackingBrand(instance.id, instance.name, instance.slug);
  return { stored: instance.trackingPage?.companyName ?? null, shown: brand.company, instanceId: instance.id };
};

describe("the company's name at setup", { timeout: 180_000 }, () => {
  it("the seed of an empty database stores the company name it is given", async () => {
    const seeded = await seedIfEmpty(await getDb(), { companyName: "  Seguradora Aurora  " });
    expect(seeded.seeded).toBe(true);
    expect(await companyOf("default")).toMatchObject({ stored: "Seguradora Aurora", shown: "Seguradora Aurora" });
  });

  it("instance create --company-name stores it and audits it; without it, says the admins will be asked", async () => {
    const created = await cli(
      "instance",
      "create",
      "--slug",
      "horizonte",
      "--name",
      "horizonte",
      "--company-name",
      "Corretora Horizonte",
    );
    expect(created.stderr).toBe("");
    expect(created.code).toBe(0);
    expect(created.stdout).toContain('company name "Corretora Horizonte"');
    const horizonte = await companyOf("horizonte");
    expect(horizonte).toMatchObject({ stored: "Corretora Horizonte", shown: "Corretora Horizonte" });
    const audit = await (
      await getDb()
    ).auditLog.findFirstOrThrow({
      where: { instanceId: horizonte.instanceId, action: "instance.create" },
    });
    expect(audit.details).toMatchObject({ slug: "horizonte", company_name: "Corretora Horizonte" });

    const nameless = await cli("instance", "create", "--slug", "sem-nome");
    expect(nameless.code, nameless.stderr).toBe(0);
    expect(nameless.stdout).toContain("No company name");
    expect(await companyOf("sem-nome")).toMatchObject({ stored: null, shown: null });
  });

  it("a company name longer than the settings take is refused, and no instance is made", async () => {
    const refused = await cli("instance", "create", "--slug", "longa", "--company-name", "x".repeat(121));
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("--company-name");
    expect(await (await getDb()).instance.findUnique({ where: { slug: "longa" } })).toBeNull();
  });
});
