// vitest globalSetup of the db and http layers: compiles the CLI (scripts/cli.ts) once per run into one ES module, so
// that the ~40 CLI processes the tests start (tests/helpers/run-script.ts) run it with plain `node` instead of
// compiling it again through tsx each time (measured: 2.6 → 1.8 CPU s per start of a command on a migrated PGlite
// copy; docs/decisions.md, "Tests in layers"). The same esbuild that tsx runs, with the same resolution (tsconfig
// paths, packages from node_modules), so the processes run the same code; `server-only` maps to an empty module, as
// scripts/support/allow-server-only.ts does for tsx.
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** The compiled CLI's path (absent outside the db and http layers: run-script.ts then runs tsx). */
    cliBundle: string;
  }
}

const ROOT = path.resolve(import.meta.dirname, "../..");

export default async function setup(project: TestProject): Promise<() => void> {
  // Inside the project, so that its bare imports resolve from node_modules as scripts/cli.ts's do.
  const dir = path.join(ROOT, "node_modules/.cache/docflow-tests");
  mkdirSync(dir, { recursive: true });
  // A run stopped hard (SIGKILL) never reached its teardown: drop the bundles of runs that are gone. One file per run
  // (its pid), because two runs at once (npm test's db passes on PGlite and PostgreSQL) must not rewrite each other's.
  for (const name of readdirSync(dir)) {
    const pid = Number(/^cli-.+-(\d+)\.mjs$/.exec(name)?.[1]);
    if (pid && pid !== process.pid && !isAlive(pid)) rmSync(path.join(dir, name), { force: true });
  }
  const outfile = path.join(dir, `cli-${project.name}-${process.pid}.mjs`);
  await build({
    entryPoints: [path.join(ROOT, "scripts/cli.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    packages: "external",
    alias: { "server-only": path.join(ROOT, "tests/helpers/empty-module.ts") },
    tsconfig: path.join(ROOT, "tsconfig.json"),
    outfile,
    logLevel: "warning",
  });
  project.provide("cliBundle", outfile);
  return () => rmSync(outfile, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
