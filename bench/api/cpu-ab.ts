// CPU per request of one app server, A against B in the same process and the same minutes: the server (as `npm start`
// serves it, one process) answers a fixed offered rate on one route while this script reads its CPU time
// (utime+stime from /proc) per window; between windows it sends SIGUSR2, which the server may use to switch a variant
// on and off (only while an experiment installs such a switch). Windows alternate A, B, A, B …; the medians are
// printed. CPU per request at a fixed rate is much less sensitive to a busy machine than the maximum req/s.
//
//   DATABASE_URL=postgresql://…/docflow_bench_api_100000 node --import tsx bench/api/cpu-ab.ts loadById [rate] [windows] [seconds]
//
// BENCH_B_HEADERS='{"accept-encoding":"gzip"}': B is the same server answering requests that carry these headers too
// (no signal is sent): e.g. what Next's gzip of the answers costs a client that accepts it.
import "../../scripts/support/allow-server-only.ts";
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import autocannon from "autocannon";
import pg from "pg";
import { startBenchApp, waitForBenchApp } from "./bench-app.ts";
import { createBenchToken } from "./bench-token.ts";
import { processCpuMs } from "./postgres-cpu.ts";

const [route = "loadById", rateArg = "120", windowsArg = "8", secondsArg = "10"] = process.argv.slice(2);
const rate = Number(rateArg);
const windows = Number(windowsArg);
const seconds = Number(secondsArg);
const port = Number(process.env.BENCH_PORT) || 3743;
const databaseUrl = process.env.DATABASE_URL!;

const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
const { token, instance } = await createBenchToken(client, "cpu-ab");
const ids = (
  await client.query(`SELECT id FROM "Document" WHERE "instanceId" = $1 ORDER BY random() LIMIT 20000`, [instance])
).rows.map((row) => row.id as number);
const cpfs = (
  await client.query(`SELECT DISTINCT "cpfDigits" FROM "Document" WHERE "instanceId" = $1 LIMIT 5000`, [instance])
).rows.map((row) => row.cpfDigits as string);
await client.end();

const body = (): string => {
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
  if (route === "loadById") return JSON.stringify({ id: pick(ids) });
  if (route === "loadByCPF") return JSON.stringify({ cpf: pick(cpfs) });
  return JSON.stringify({ cpf: pick(cpfs), categories: "primary,valid" });
};
const path = route === "loadById" ? "/api/document/loadById" : "/api/document/loadByCPF";

const server = startBenchApp(port);
const base = `http://127.0.0.1:${port}`;
await waitForBenchApp(async () => {
  const response = await fetch(base + path, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: body(),
  });
  await response.text();
  return response.status === 200;
});

const bHeaders = process.env.BENCH_B_HEADERS
  ? (JSON.parse(process.env.BENCH_B_HEADERS) as Record<string, string>)
  : null;
const run = (duration: number, variant: "A" | "B" = "A") =>
  autocannon({
    url: base + path,
    connections: 8,
    overallRate: rate,
    duration,
    requests: [
      {
        method: "POST",
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
          ...(variant === "B" ? bHeaders : null),
        },
        setupRequest: (request: Record<string, unknown>) => ({ ...request, body: body() }),
      },
    ],
  });

await run(Number(process.env.BENCH_WARMUP_SECONDS) || 25); // warm-up (JIT, pools, caches)
const results: Record<"A" | "B", number[]> = { A: [], B: [] };
let variant: "A" | "B" = "A";
for (let window = 0; window < windows * 2; window += 1) {
  const before = processCpuMs(server.pid!);
  // BENCH_STRACE=1: the first A and B windows also count the server's socket writes (strace -c), to see a change in them.
  const tracer =
    process.env.BENCH_STRACE && window < 2
      ? spawn("strace", [
          "-c",
          "-f",
          "-e",
          "trace=write,writev",
          "-p",
          String(server.pid),
          "-o",
          `/tmp/cpu-ab-strace-${variant}.txt`,
        ])
      : null;
  const result = await run(seconds, variant);
  if (tracer) {
    tracer.kill("SIGINT");
    await new Promise((resolve) => tracer.once("exit", resolve));
    console.log(
      `${variant} strace (${result.requests.total} requests):\n${readFileSync(`/tmp/cpu-ab-strace-${variant}.txt`, "utf8")}`,
    );
  }
  const cpuMs = (processCpuMs(server.pid!) - before) / result.requests.total;
  const errors = result.errors + result.non2xx;
  results[variant].push(cpuMs);
  console.log(
    `${variant} ${cpuMs.toFixed(3)} ms/req, ${result.requests.total} requests, ` +
      `${Math.round((result as unknown as { throughput: { total: number } }).throughput.total / Math.max(1, result.requests.total))} bytes/answer, ${errors} errors, ` +
      `p99 ${result.latency.p99} ms, load ${loadavg()[0]!.toFixed(1)}`,
  );
  if (!bHeaders) server.kill("SIGUSR2");
  variant = variant === "A" ? "B" : "A";
  await new Promise((resolve) => setTimeout(resolve, 300));
}
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
console.log(
  `median CPU ms/req: A ${median(results.A).toFixed(3)}, B ${median(results.B).toFixed(3)}, B/A ${(median(results.B) / median(results.A)).toFixed(3)}`,
);
server.kill("SIGTERM");
