// Playwright reporter (measuring aid, playwright.measure.config.ts): CPU seconds of the runner's whole process tree —
// runner, workers, web servers, Chromium — per spec file, read from /proc at each test's end, written to CPU_REPORT.
// `/usr/bin/time` around `playwright test` misses the servers and browsers. With two workers, tests of two files end in
// between each other's samples: per file it is exact with E2E_WORKERS=1; the total is exact either way.
// Each process of the tree counts with its own utime + stime as last seen (by pid and start time), so a process that
// ended keeps what it used: reading cutime + cstime of the live ones instead lost every process whose parent did not
// reap it (Chromium's renderers when a worker closes its browser: the last file of a run showed -227 s).
import type { Reporter, TestCase, TestResult } from "@playwright/test/reporter";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";

const TICKS_PER_SECOND = 100;

/** Own CPU seconds of every live process under `root`, by "pid@starttime". */
function treeProcesses(root: number): Map<string, number> {
  const parent = new Map<number, number>();
  const cpu = new Map<number, { key: string; seconds: number }>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const fields = (readFileSync(`/proc/${name}/stat`, "utf8").split(") ")[1] ?? "").split(" ");
      parent.set(Number(name), Number(fields[1]));
      cpu.set(Number(name), {
        key: `${name}@${fields[19]}`,
        seconds: fields.slice(11, 13).reduce((sum, ticks) => sum + Number(ticks), 0) / TICKS_PER_SECOND,
      });
    } catch {
      // The process ended between the listing and the read.
    }
  }
  const found = new Map<string, number>();
  for (const [pid, { key, seconds }] of cpu) {
    let ancestor = pid;
    while (ancestor && ancestor !== root && parent.has(ancestor)) ancestor = parent.get(ancestor)!;
    if (ancestor === root) found.set(key, seconds);
  }
  return found;
}

type Row = { cpu: number; wall: number; tests: number; failed: number };

export default class CpuReporter implements Reporter {
  private rows = new Map<string, Row>();
  private last = 0;
  private started = Date.now();
  private seen = new Map<string, number>();

  /** CPU seconds of every process of the tree seen so far (an ended one as last seen). */
  private sample(): number {
    for (const [key, seconds] of treeProcesses(process.pid)) this.seen.set(key, seconds);
    let total = 0;
    for (const seconds of this.seen.values()) total += seconds;
    return total;
  }

  onBegin() {
    this.last = this.sample();
  }

  onTestEnd(test: TestCase, result: TestResult) {
    const now = this.sample();
    const file = test.location.file.split("/").pop()!;
    const row = this.rows.get(file) ?? { cpu: 0, wall: 0, tests: 0, failed: 0 };
    row.cpu += now - this.last;
    row.wall += result.duration / 1000;
    row.tests += 1;
    if (result.status !== "passed" && result.status !== "skipped") row.failed += 1;
    this.rows.set(file, row);
    this.last = now;
  }

  onEnd() {
    const rows = [...this.rows].sort((a, b) => b[1].cpu - a[1].cpu);
    const total = rows.reduce((sum, [, row]) => sum + row.cpu, 0);
    const tests = rows.reduce((sum, [, row]) => sum + row.tests, 0);
    const lines = rows.map(
      ([file, row]) =>
        `${file}\tcpu ${row.cpu.toFixed(1)}\twall ${row.wall.toFixed(1)}\ttests ${row.tests}\tfailed ${row.failed}`,
    );
    lines.push(
      `total\tcpu ${total.toFixed(1)}\ttests ${tests}\twall of the run ${((Date.now() - this.started) / 1000).toFixed(0)} s`,
    );
    writeFileSync(process.env.CPU_REPORT ?? "test-results/e2e-cpu.txt", `${lines.join("\n")}\n`);
  }
}
