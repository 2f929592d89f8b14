// npm test: the static checks, the vitest layers (vitest.config.ts) — unit, db on PGlite (and again on PostgreSQL
// when TEST_DATABASE_URL is set), http on each database over the built app — and the Playwright suite (browser:
// scripts/support/find-chromium.ts). The stages wait in one queue with their prerequisites (the build after
// typecheck, because tsc reads .next/types, which the build rewrites; http and Playwright after the build; the two
// Playwright passes never at once); two lanes run side by side, each taking the first ready stage of the queue when
// it is free, so neither lane idles while the other still has a long stage to go. They stop together at the first
// failure. Lane 1 prints as it goes; lane 2's output goes to a log file, printed whole as each of its stages ends
// (`tail -f` it meanwhile). Why this order: docs/decisions/0054-npm-test-stage-queue.md. `npm test -- <stage> …` runs
// only
// those stages (static, unit, db, http, e2e); only http and e2e build the app first.
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
// docs/decisions/0055-playwright-suite.md); E2E_POSTGRES_ALL=1 runs every spec.
const POSTGRES_E2E_SPECS = [
  "e2e/documents-list.spec.ts", // search (trigram indexes), filters, counts, paging
  "e2e/document-page.spec.ts", // writes: row locks, history, steps, SLA
  "e2e/masking.spec.ts", // reveal with its audit row, masking per role
  "e2e/dashboard-csv.spec.ts", // aggregate counts, streamed CSV export, all-or-nothing import transaction
  "e2e/lgpd-journey.spec.ts", // the erasure: worker claim (SKIP LOCKED), masking, receipt
  "e2e/customer-webhooks.spec.ts", // the outbox: claim, retry after the receiver was down
  "e2e/find-box.spec.ts", // the find box: protocol, name, plate, CPF prefix (pg_trgm, unaccent)
];

type Step = {
  title: string;
  command: string;
  args: string[];
  env?: Record<string, string | undefined>;
  /** Titles of the steps that must have passed first (a step whose prerequisite is not in this run waits on nothing). */
  after?: string[];
  /** Steps of one group never run at once (the two Playwright passes: one set of servers and ports). */
  group?: string;
};
const step = (
  title: string,
  command: string,
  args: string[],
  extra: Omit<Step, "title" | "command" | "args"> = {},
): Step => ({
  title,
  command,
  args,
  ...extra,
});

const e2e = wanted("e2e") && !process.env.SKIP_E2E;
const build = wanted("http") || e2e;
const afterBuild = build ? ["build"] : [];
const layer = (name: "db" | "http", database: "PGlite" | "PostgreSQL", after: string[] = []) =>
  // "db*", "http*": each layer's project and its -alone files, which need a process of their own (vitest.config.ts).
  step(`vitest ${name} on ${database}`, "npx", ["vitest", "run", "--project", `${name}*`], {
    env: { TEST_DATABASE_URL: database === "PGlite" ? "" : TEST_DATABASE_URL },
    after,
  });

// The queue, in the order a free lane takes the first step that is ready (its prerequisites passed, its group idle):
// the cheap checks first so they fail first, then the longest steps as soon as they can start, so the two lanes end
// close together (the reasoning: docs/decisions/0054-npm-test-stage-queue.md).
const queue: Step[] = [];
if (wanted("static")) {
  // tsc reads .next/types, which `next build` rewrites: typecheck goes before the build.
  queue.push(step("typecheck", "npx", ["tsc", "--noEmit"]));
  queue.push(step("lint", "npx", ["eslint", "."]));
}
if (build) queue.push(step("build", "npx", ["next", "build"], { after: wanted("static") ? ["typecheck"] : [] }));
if (wanted("unit")) queue.push(step("vitest unit", "npx", ["vitest", "run", "--project", "unit"]));
if (e2e)
  queue.push(
    step("playwright on PGlite", "npx", ["playwright", "test"], {
      env: { E2E_DATABASE_URL: "" },
      after: afterBuild,
      group: "playwright",
    }),
  );
if (wanted("db")) queue.push(layer("db", "PGlite"));
if (wanted("http")) queue.push(layer("http", "PGlite", afterBuild));
if (TEST_DATABASE_URL) {
  if (e2e) {
    const specs = env.E2E_POSTGRES_ALL ? [] : POSTGRES_E2E_SPECS;
    queue.push(
      step("playwright on PostgreSQL", "npx", ["playwright", "test", ...specs], {
        env: { E2E_DATABASE_URL: TEST_DATABASE_URL },
        after: afterBuild,
        group: "playwright",
      }),
    );
  }
  if (wanted("http")) queue.push(layer("http", "PostgreSQL", afterBuild));
  if (wanted("db")) queue.push(layer("db", "PostgreSQL"));
} else if (wanted("db") || wanted("http")) {
  console.log("(PostgreSQL passes of db and http skipped: set TEST_DATABASE_URL=postgresql://… to run them too)");
}

const running = new Set<ChildProcess>();
let failed = false;
const timings: string[] = [];
/** What each failed stage said about its failures, printed again after the summary (CI logs keep only their end). */
const failures: string[] = [];

/** The last part of a stage's output (enough for the failure section a test runner prints last). */
class OutputTail {
  private chunks: Buffer[] = [];
  private size = 0;
  add(chunk: Buffer) {
    this.chunks.push(chunk);
    this.size += chunk.length;
    while (this.size > 2_000_000 && this.chunks.length > 1) this.size -= this.chunks.shift()!.length;
  }
  text() {
    return Buffer.concat(this.chunks).toString("utf8");
  }
}

/**
 * The failure section of a stage's output: vitest's "Failed Tests" block, Playwright's numbered failures, or else
 * the last lines; at most 80 lines, colours removed.
 */
function failureReport(output: string): string {
  const lines = output.replace(/\x1b\[[0-9;]*m/g, "").split("\n");
  const from = lines.findIndex((l) => /Failed Tests \d+/.test(l) || /^\s+1\) /.test(l));
  const section = from >= 0 ? lines.slice(from) : lines.slice(-60);
  return section.slice(0, 80).join("\n");
}
const logDir = mkdtempSync(path.join(tmpdir(), "docflow-test-"));
const laneLog = path.join(logDir, "lane-2.log");
writeFileSync(laneLog, "");

/** Runs one step; `log` set: its output goes there (lane 2), else to this terminal. Resolves to success. */
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
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...env, ...extraEnv } as NodeJS.ProcessEnv,
      detached: true,
    });
    if (out) out.write(`${header}\n`);
    // Lane 1 shows the output as it comes, lane 2 keeps it for the end of the stage; both keep its tail for the
    // failure report printed after the summary.
    const tail = new OutputTail();
    for (const stream of [child.stdout, child.stderr]) {
      stream?.on("data", (chunk: Buffer) => {
        tail.add(chunk);
        if (out) out.write(chunk);
        else (stream === child.stderr ? process.stderr : process.stdout).write(chunk);
      });
    }
    running.add(child);
    child.on("close", (code, signal) => {
      running.delete(child);
      const ok = code === 0;
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const line = `=== ${title}: ${ok ? "ok" : failed ? "stopped" : `FAILED (${signal ?? code})`} in ${seconds} s`;
      timings.push(line);
      if (!ok && !failed) failures.push(`--- ${title} ---\n${failureReport(tail.text())}`);
      const finish = () => {
        if (log) {
          // The whole stage's output in one piece, so the two lanes' outputs never interleave.
          const text = readFileSync(log, "utf8");
          writeFileSync(log, "");
          process.stdout.write(`\n--- output of ${title} (lane 2) ---${text}`);
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
  settle(); // a lane waiting for a prerequisite gives up
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

// Two lanes take steps from the queue. Lane 1 prints to this terminal as it goes; lane 2's output goes to a log file,
// printed whole as each of its steps ends (`tail -f` it meanwhile), so the two outputs never interleave.
const passed = new Set<string>();
const queued = new Set(queue.map((s) => s.title));
let wake: () => void = () => {};
let changed = new Promise<void>((resolve) => (wake = resolve));
function settle() {
  const previous = wake;
  changed = new Promise<void>((resolve) => (wake = resolve));
  previous();
}
const busyGroups = new Set<string>();
const ready = (s: Step) =>
  (s.after ?? []).every((title) => passed.has(title) || !queued.has(title)) && !(s.group && busyGroups.has(s.group));

const started = Date.now();
async function lane(log?: string): Promise<boolean> {
  for (;;) {
    if (failed) return false;
    const next = queue.find(ready);
    if (!next) {
      if (queue.length === 0) return true;
      await changed; // a step ended: something may be ready now
      continue;
    }
    queue.splice(queue.indexOf(next), 1);
    if (next.group) busyGroups.add(next.group);
    const ok = await run(next.title, next, log);
    if (next.group) busyGroups.delete(next.group);
    if (ok) passed.add(next.title);
    else if (!failed) stopEverything();
    settle();
    if (!ok) return false;
  }
}
const ok = (await Promise.all([lane(), lane(laneLog)])).every(Boolean);
if (failures.length > 0) console.log(`\n=== what failed\n${failures.join("\n")}`);
console.log(
  `\n=== summary: ${ok ? "ok" : "FAILED"} in ${((Date.now() - started) / 1000).toFixed(1)} s\n${timings.join("\n")}`,
);
process.exit(ok ? 0 : 1);
