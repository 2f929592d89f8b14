import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { config } from "../config/index.ts";

// Migrations run through Prisma's own schema engine compiled to WebAssembly: the same SQL and the same
// `_prisma_migrations` bookkeeping as `prisma migrate deploy`, without the native binary this setup cannot fetch.

const ROOT = process.cwd();
export const SCHEMA_PATH = path.join(ROOT, "prisma/schema.prisma");
export const MIGRATIONS_DIR = path.join(ROOT, "prisma/migrations");
const NO_FILTERS = { externalTables: [], externalEnums: [] };

type Engine = {
  applyMigrations(input: unknown): Promise<{ appliedMigrationNames: string[] }>;
  diff(input: unknown): Promise<{ exitCode: number; stdout: string | null }>;
  free(): void;
};

type Glue = Record<string, unknown> & {
  __wbg_set_wasm(exports: unknown): void;
  SchemaEngine: { new: (options: unknown, log: (line: string) => void, adapter: unknown) => Promise<Engine> };
};
let glueReady: Promise<Glue> | undefined;

/**
 * The engine's WebAssembly, instantiated once per process: its JavaScript glue caches views of the instance's
 * memory, so a second instance behind the same glue reads the first one's memory (a second migration run in one
 * process — a migration's test — failed with garbage errors).
 */
function engineGlue(): Promise<Glue> {
  glueReady ??= (async () => {
    const require = createRequire(import.meta.url);
    const pkgDir = path.dirname(require.resolve("@prisma/schema-engine-wasm"));
    const glue = (await import("@prisma/schema-engine-wasm/schema_engine_bg")) as Glue;
    const bytes = readFileSync(path.join(pkgDir, "schema_engine_bg.wasm"));
    const { instance } = await WebAssembly.instantiate(bytes, {
      "./schema_engine_bg.js": glue as WebAssembly.ModuleImports,
    });
    glue.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
    return glue;
  })();
  return glueReady;
}

async function loadEngine(
  factory: SqlMigrationAwareDriverAdapterFactory,
  log: (line: string) => void,
): Promise<Engine> {
  const glue = await engineGlue();
  const { bindMigrationAwareSqlAdapterFactory } = await import("@prisma/driver-adapter-utils");
  const datamodel = readFileSync(SCHEMA_PATH, "utf8");
  return glue.SchemaEngine.new(
    { datamodels: [[SCHEMA_PATH, datamodel]] },
    (line: string) => log(line),
    bindMigrationAwareSqlAdapterFactory(factory),
  );
}

export function migrationsList() {
  const dirs = existsSync(MIGRATIONS_DIR)
    ? readdirSync(MIGRATIONS_DIR, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort()
    : [];
  const lockPath = path.join(MIGRATIONS_DIR, "migration_lock.toml");
  return {
    baseDir: MIGRATIONS_DIR,
    lockfile: { path: "migration_lock.toml", content: existsSync(lockPath) ? readFileSync(lockPath, "utf8") : null },
    shadowDbInitScript: "",
    migrationDirectories: dirs.map((dir) => {
      const file = path.join(MIGRATIONS_DIR, dir, "migration.sql");
      return {
        path: dir,
        migrationFile: {
          path: "migration.sql",
          content: existsSync(file)
            ? { tag: "ok", value: readFileSync(file, "utf8") }
            : { tag: "error", value: `missing ${file}` },
        },
      };
    }),
  };
}

const quietLog = (line: string) => {
  if (config("PRISMA_ENGINE_LOG")) console.error(line);
};

/**
 * Applies every migration not yet recorded in `_prisma_migrations`; returns the names applied now. `before` stops
 * short of the named migration (a migration's test fills the database in the shape it finds, then applies it).
 */
export async function applyMigrations(
  factory: SqlMigrationAwareDriverAdapterFactory,
  options: { before?: string } = {},
): Promise<string[]> {
  const engine = await loadEngine(factory, quietLog);
  const all = migrationsList();
  const { before } = options;
  const list = before
    ? { ...all, migrationDirectories: all.migrationDirectories.filter((migration) => migration.path < before) }
    : all;
  try {
    const result = await engine.applyMigrations({ migrationsList: list, filters: NO_FILTERS });
    return result.appliedMigrationNames;
  } finally {
    engine.free();
  }
}

/** SQL that takes the committed migrations to the current schema.prisma (empty when they already match). */
export async function diffSchemaAgainstMigrations(): Promise<string> {
  // The shadow database that replays the migrations is an in-memory PGlite, whatever the real target is.
  const { PGlite } = await import("@electric-sql/pglite");
  const { PrismaPGlite } = await import("pglite-prisma-adapter");
  const { pgliteExtensions } = await import("./pglite-extensions.ts");
  const shadow = await PGlite.create({ extensions: await pgliteExtensions() });
  const factory = new PrismaPGlite(shadow);
  const engine = await loadEngine(factory, quietLog);
  try {
    const result = await engine.diff({
      from: { tag: "migrations", ...migrationsList() },
      to: { tag: "schemaDatamodel", files: [{ path: SCHEMA_PATH, content: readFileSync(SCHEMA_PATH, "utf8") }] },
      script: true,
      exitCode: null,
      filters: NO_FILTERS,
    });
    return result.stdout ?? "";
  } finally {
    engine.free();
    await shadow.close();
  }
}
