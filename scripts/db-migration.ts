// npm run db:migration -- <name>: writes prisma/migrations/<timestamp>_<name>/migration.sql from schema.prisma.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { MIGRATIONS_DIR, diffSchemaAgainstMigrations } from "../lib/db/migrate.ts";

const name = (process.argv[2] ?? "")
  .trim()
  .toLowerCase()
  .replace(/[^a-z0-9]+/g, "_")
  .replace(/^_|_$/g, "");
if (!name) {
  console.error("usage: npm run db:migration -- <name>");
  process.exit(2);
}
const sql = await diffSchemaAgainstMigrations();
if (!sql.trim() || /^-- This is an empty migration/.test(sql.trim())) {
  console.log("schema.prisma matches the committed migrations: nothing to write.");
  process.exit(0);
}
const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
const dir = path.join(MIGRATIONS_DIR, `${stamp}_${name}`);
mkdirSync(dir, { recursive: true });
writeFileSync(path.join(dir, "migration.sql"), sql);
console.log(`wrote ${path.relative(process.cwd(), dir)}/migration.sql`);
