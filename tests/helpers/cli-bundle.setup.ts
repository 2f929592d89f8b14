// vitest globalSetup of the db and http layers: compiles the scripts that tests start as processes — the CLI
// (scripts/cli.ts), the worker (scripts/worker.ts) and the lease tests' hanging worker — once per run into one ES
// module each, so that those processes (tests/helpers/run-script.ts) run them with plain `node` instead of compiling
// them again through tsx at every start (measured: 2.6 → 1.8 CPU s per start of a CLI command on a migrated PGlite
// copy; docs/decisions/0052-tests-in-layers.md). The same esbuild that tsx runs, with the same resolution (tsconfig
// paths, packages from node_modules), so the processes run the same code; `server-only` maps to an empty module, as
// scripts/support/allow-server-only.ts does for tsx.
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import type { TestProject } from "vitest/node";

/** The scripts compiled, by their path from the project folder (what runScript and scriptCommand are given). */
export const BUNDLED_SCRIPTS = ["scripts/cli.ts", "scripts/worker.ts", "tests/helpers/lgpd-hanging-worker.ts"];

declare module "vitest" {
  export interface ProvidedContext {
    /** Each compiled script's path, by its source path (absent outside the db and http layers: tsx runs them). */
    scriptBundles: Record<string, string>;
  }
}

const ROOT = path.resolve(import.meta.dirname, "../..");

export default async function setup(project: TestProject): Promise<() => void> {
  // Inside the project, so that the bundles' bare imports resolve from node_modules as the scripts' do.
  const cache = path.join(ROOT, "node_modules/.cache/docflow-tests");
  mkdirSync(cache, { recursive: true });
  // A run stopped hard (SIGKILL) never reached its teardown: drop the bundles of runs that are gone. One folder per
  // run (its pid), because two runs at once (npm test's db passes on PGlite and PostgreSQL) must not rewrite each
  // other's. (`cli-<layer>-<pid>.mjs`: a single file, as earlier versions of this setup wrote.)
  for (const name of readdirSync(cache)) {
    const pid = Number(/^(?:cli|scripts)-.+-(\d+)(?:\.mjs)?$/.exec(name)?.[1]);
    if (pid && pid !== process.pid && !isAlive(pid)) rmSync(path.join(cache, name), { recursive: true, force: true });
  }
  const outdir = path.join(cache, `scripts-${project.name}-${process.pid}`);
  await build({
    entryPoints: Object.fromEntries(BUNDLED_SCRIPTS.map((script) => [bundleName(script), path.join(ROOT, script)])),
    bundle: true,
    platform: "node",
    format: "esm",
    outExtension: { ".js": ".mjs" },
    packages: "external",
    alias: { "server-only": path.join(ROOT, "tests/helpers/empty-module.ts") },
    tsconfig: path.join(ROOT, "tsconfig.json"),
    outdir,
    logLevel: "warning",
  });
  project.provide(
    "scriptBundles",
    Object.fromEntries(BUNDLED_SCRIPTS.map((script) => [script, path.join(outdir, `${bundleName(script)}.mjs`)])),
  );
  return () => rmSync(outdir, { recursive: true, force: true });
}

/** `scripts/cli.ts` → `cli`, `tests/helpers/lgpd-hanging-worker.ts` → `lgpd-hanging-worker`. */
function bundleName(script: string): string {
  return path.basename(script, ".ts");
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
