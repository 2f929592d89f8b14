// Measuring aid (vitest setupFiles, only through vitest.measure.config.ts): appends one JSON line per test file to
// $CPU_REPORT with the CPU seconds its worker process has used (user + sys, and waited-for children from /proc), so a
// file's cost can be read apart from the machine's load. Each file runs in a fresh fork, so the figure includes the
// fork's start and imports.
import { appendFileSync, readFileSync } from "node:fs";
import { afterAll, expect } from "vitest";

const atSetup = process.cpuUsage();
const wallStart = Date.now();
function childrenSeconds(): number {
  try {
    const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[13]) + Number(fields[14])) / 100; // cutime + cstime (clock ticks)
  } catch {
    return 0;
  }
}
afterAll(() => {
  const cpu = process.cpuUsage();
  appendFileSync(
    process.env.CPU_REPORT ?? "/tmp/cpu-report.jsonl",
    `${JSON.stringify({
      file: expect.getState().testPath,
      pid: process.pid,
      cpu: (cpu.user + cpu.system) / 1e6,
      beforeFile: (atSetup.user + atSetup.system) / 1e6,
      children: childrenSeconds(),
      wall: (Date.now() - wallStart) / 1000,
    })}\n`,
  );
});
