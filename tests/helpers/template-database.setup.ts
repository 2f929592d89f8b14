// vitest globalSetup of the db and http layers: migrates one template database per run, which each test file then
// clones (tests/helpers/test-database.ts) instead of running every migration again. A temporary PGlite folder, or —
// with TEST_DATABASE_URL — a template database on that server.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { deployMigrations } from "../../lib/db/deploy.ts";
import { adminQuery, databaseUrl, type TemplateDatabase } from "./template-database.ts";

// Both layers name this file; the first to run creates the template for the whole run, the other reuses it.
const CREATED = "DOCFLOW_TEST_TEMPLATE";

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  const existing = process.env[CREATED];
  if (existing) {
    project.provide("templateDatabase", JSON.parse(existing) as TemplateDatabase);
    return;
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  let template: TemplateDatabase;
  let dropTemplate: () => Promise<void>;
  if (!serverUrl) {
    const dir = mkdtempSync(path.join(tmpdir(), "docflow-template-"));
    // deployMigrations opens and closes the folder: nothing holds it while files copy it.
    await deployMigrations({ kind: "pglite", dir });
    template = { kind: "pglite", dir };
    dropTemplate = async () => {
      rmSync(dir, { recursive: true, force: true });
      rmSync(`${dir}.lock`, { force: true });
    };
  } else {
    const name = `docflow_template_${process.pid}_${Date.now().toString(36)}`;
    await adminQuery(serverUrl, `CREATE DATABASE "${name}"`);
    // deployMigrations closes its pool: CREATE DATABASE … TEMPLATE refuses a template anyone is connected to.
    await deployMigrations({ kind: "postgres", url: databaseUrl(serverUrl, name) });
    template = { kind: "postgres", name };
    dropTemplate = () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }
  process.env[CREATED] = JSON.stringify(template);
  project.provide("templateDatabase", template);
  return async () => {
    delete process.env[CREATED];
    await dropTemplate();
  };
}
