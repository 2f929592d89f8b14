// vitest setupFiles entry for a layer that runs with `isolate: false` (one process per worker for many test files, so
// Node, vitest, our modules, and the WebAssembly of PGlite and Prisma start once per worker instead of once per file).
// Each file still gets its own database (tests/helpers/test-database.ts); what a process keeps between files is put
// back here before every file: the environment as the worker started, and the in-memory caches and timers of lib
// keyed by ids that every per-file database repeats (instance 1, token 1, …), so a file never reads another file's
// cached policy, step map or LGPD key, and no flush timer of one file writes into the next file's database. A file
// that left its database open or a polling loop running fails the next file here, naming what was left.
import { beforeAll } from "vitest";
import { forgetProcessCaches, leftOpen } from "./process-state.ts";

const SNAPSHOT = "__docflowTestEnvAtStart";
const slot = globalThis as Record<string, unknown>;
const atStart = (slot[SNAPSHOT] ??= { ...process.env }) as Record<string, string | undefined>;

for (const name of Object.keys(process.env)) if (!(name in atStart)) delete process.env[name];
for (const [name, value] of Object.entries(atStart)) if (process.env[name] !== value) process.env[name] = value;
forgetProcessCaches();

beforeAll(() => {
  const left = leftOpen();
  if (left.length > 0) throw new Error(`A previous test file in this worker left ${left.join(" and ")}`);
});
