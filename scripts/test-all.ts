// npm test: the static checks, the vitest layers (vitest.config.ts) — unit, db on PGlite (and again on PostgreSQL
// when TEST_DATABASE_URL is set), http on each database over the built app — and the Playwright suite (browser:
// scripts/support/find-chromium.ts), in two lanes that run side by side and stop together at the first failure:
// - the build lane: typecheck → next build → Playwright on PGlite (→ on PostgreSQL);
// - the vitest lane: lint → unit → db (→ db on PostgreSQL) → http (→ http on PostgreSQL), http once the build is there.
// The browser journeys mostly wait on polls and timers, so they share the two cores with the vitest lane well (figures:
// docs/decisions.md, "Tests in layers"). Typecheck goes before the build because tsc reads .next/types, which the
// build rewrites. The vitest lane prints as it goes; the build lane's output goes to a log file, printed whole as each
// of its stages ends (`tail -f` it meanwhile). `npm test -- <stage> …` runs only those stages (static, unit, db, http,
// e2e); only http and e2e build the app first.
import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const env: Record<string, string | undefined> = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };

const STAGES = ["static", "unit", "db", "http", "e2e"] as const;
type Stage = (typeof STAGES)[number];
const asked = process.argv.slice(2);
const unknown = asked.filter((stage) => !(STAGES as readonly string[]).includes(stage));
if (unknown.length > 0) {
  console.error(`unknown stage ${unknown.join(", ")}: choose among ${STAGES.join(", ")}`);
  process.exit(2);
}
const wanted = (stage: Stage) => asked.length === 0 || asked.includes(stage);
const { TEST_DATABASE_URL } = env;

// On PostgreSQL, the journeys whose SQL differs from PGlite's in ways only a browser run shows end to end (why these:
// docs/decisions.md, "Tests in layers"); E2E_POSTGRES_ALL=1 runs every spec.
const POSTGRES_E2E_SPECS = [
  "e2e/documents-list.spec.ts", // search (trigram indexes), filters, counts, paging
  "e2e/document-page.spec.ts", // writes: row locks, history, steps, SLA
  "e2e/masking.spec.ts", // reveal with its audit row, masking per role
  "e2e/dashboard-csv.spec.ts", // aggregate counts, streamed CSV export, all-or-nothing import transaction
  "e2e/lgpd-journey.spec.ts", // the erasure: worker claim (SKIP LOCKED), masking, receipt
  "e2e/customer-webhooks.spec.ts", // the outbox: claim, retry after the receiver was down
  "e2e/find-box.spec.ts", // the find box: protocol, name, plate, CPF prefix (pg_trgm, unaccent)
];

type Step = { title: string; command: string; args: string[]; env?: Record<string, string | undefined> };
const step = (title: string, command: string, args: string[], extraEnv?: Step["env"]): Step => ({
  title,
  command,
  args,
  env: extraEnv,
});

/** One vitest layer on PGlite, then on PostgreSQL when TEST_DATABASE_URL is set. */
function vitestLayer(layer: "db" | "http"): Step[] {
  const steps = [
    step(`vitest ${layer} on PGlite`, "npx", ["vitest", "run", "--project", layer], { TEST_DATABASE_URL: "" }),
  ];
  if (TEST_DATABASE_URL) {
    steps.push(
      step(`vitest ${layer} on PostgreSQL`, "npx", ["vitest", "run", "--project", layer], { TEST_DATABASE_URL }),
    );
  } else console.log(`(PostgreSQL pass of ${layer} skipped: set TEST_DATABASE_URL=postgresql://… to run it too)`);
  return steps;
}

const e2e = wanted("e2e") && !process.env.SKIP_E2E;
const build = wanted("http") || e2e;
const buildLane: Step[] = [];
const vitestLane: Step[] = [];
if (wanted("static")) {
  buildLane.push(step("typecheck", "npx", ["tsc", "--noEmit"]));
  vitestLane.push(step("lint", "npx", ["eslint", "."]));
}
if (build) buildLane.push(step("build", "npx", ["next", "build"]));
if (e2e) {
  buildLane.push(step("playwright on PGlite", "npx", ["playwright", "test"], { E2E_DATABASE_URL: "" }));
  if (TEST_DATABASE_URL) {
    const specs = env.E2E_POSTGRES_ALL ? [] : POSTGRES_E2E_SPECS;
    buildLane.push(
      step("playwright on PostgreSQL", "npx", ["playwright", "test", ...specs], {
        E2E_DATABASE_URL: TEST_DATABASE_URL,
      }),
    );
  }
}
if (wanted("unit")) vitestLane.push(step("vitest unit", "npx", ["vitest", "run", "--project", "unit"]));
if (wanted("db")) vitestLane.push(...vitestLayer("db"));
const httpSteps = wanted("http") ? vitestLayer("http") : [];

const running = new Set<ChildProcess>();
let failed = false;
const timings: string[] = [];
const logDir = mkdtempSync(path.join(tmpdir(), "docflow-test-"));
const buildLaneLog = path.join(logDir, "build-lane.log");
writeFileSync(buildLaneLog, "");

/** Runs one step; `log` set: its output goes there (the build lane), else to this terminal. Resolves to success. */
function run(title: string, { command, args, env: extraEnv }: Step, log?: string): Promise<boolean> {
  if (failed) return Promise.resolve(false);
  const header = `\n=== ${title}: ${command} ${args.join(" ")}`;
  if (log) console.log(`${header}  (output: ${log})`);
  else console.log(header);
  const started = Date.now();
  return new Promise((resolve) => {
    const out = log ? createWriteStream(log, { flags: "a" }) : undefined;
    // Its own process group, so a failure elsewhere stops it with everything it started (servers, browsers).
    const child = spawn(command, args, {
      // No stdin: a stage in its own process group must never wait on the terminal.
      stdio: ["ignore", log ? "pipe" : "inherit", log ? "pipe" : "inherit"],
      env: { ...env, ...extraEnv } as NodeJS.ProcessEnv,
      detached: true,
    });
    if (out) {
      out.write(`${header}\n`);
      child.stdout?.pipe(out, { end: false });
      child.stderr?.pipe(out, { end: false });
    }
    running.add(child);
    child.on("close", (code, signal) => {
      running.delete(child);
      const ok = code === 0;
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const line = `=== ${title}: ${ok ? "ok" : failed ? "stopped" : `FAILED (${signal ?? code})`} in ${seconds} s`;
      timings.push(line);
      const finish = () => {
        if (log) {
          // The whole stage's output in one piece, so the two lanes' outputs never interleave.
          const text = readFileSync(log, "utf8");
          writeFileSync(log, "");
          process.stdout.write(`\n--- output of ${title} (build lane) ---${text}`);
        }
        console.log(line);
        resolve(ok);
      };
      if (out) out.end(finish);
      else finish();
    });
  });
}

// SIGINT, as at a terminal: Playwright then stops its web servers (their own process groups) on the way out.
function stopEverything() {
  failed = true;
  for (const child of running) signalGroup(child, "SIGINT");
  setTimeout(() => {
    for (const child of running) signalGroup(child, "SIGKILL");
  }, 30_000).unref();
}
function signalGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}
process.on("SIGINT", () => stopEverything());
process.on("SIGTERM", () => stopEverything());

/** Settles once the build lane's build has ended (true: built), or at once when no stage needs a build. */
let settleBuild: (built: boolean) => void = () => {};
const buildFinished = new Promise<boolean>((resolve) => (settleBuild = resolve));
if (!build) settleBuild(true);

const started = Date.now();
const buildLaneDone = (async () => {
  for (const s of buildLane) {
    const ok = await run(s.title, s, buildLaneLog);
    if (s.title === "build") settleBuild(ok);
    if (!ok) {
      settleBuild(false);
      if (!failed) stopEverything();
      return false;
    }
  }
  return true;
})();
const vitestLaneDone = (async () => {
  for (const s of vitestLane) {
    if (!(await run(s.title, s))) {
      if (!failed) stopEverything();
      return false;
    }
  }
  // The http layer needs the build (without holding up the layers before it).
  if (httpSteps.length > 0 && !(await buildFinished)) return false;
  for (const s of httpSteps) {
    if (!(await run(s.title, s))) {
      if (!failed) stopEverything();
      return false;
    }
  }
  return true;
})();
const ok = (await Promise.all([buildLaneDone, vitestLaneDone])).every(Boolean);
console.log(
  `\n=== summary: ${ok ? "ok" : "FAILED"} in ${((Date.now() - started) / 1000).toFixed(1)} s\n${timings.join("\n")}`,
);
process.exit(ok ? 0 : 1);
