// An open-loop load at a fixed offered rate, for "p99 at half load": request i is due at start + i / rate, whatever
// the answers before it did, and its latency counts from when it was due (so a request that waited for a free
// connection, or behind a stalled server, is charged that wait: no coordinated omission).
//
// Why not autocannon's `overallRate`: autocannon 9 lets each connection send its quota for the second back to back as
// the second starts, then stay idle (lib/httpClient.js, `reqsMadeThisSecond`), so "half load" is the full load for
// part of every second; and it records every latency with an expected interval of `Math.ceil(1 / rate)` = 1 ms
// (lib/run.js), which adds one synthetic sample per millisecond of each answer's latency — a 200 ms answer counts 200
// times. Both made the half-load p99 a full-load tail (docs/benchmarks.md, "Half load, paced").
import http from "node:http";
import { getPriority, setPriority } from "node:os";

export type PacedResult = {
  requests: number;
  p50: number;
  p99: number;
  errors: number;
  /** What the errors were: an HTTP status or the socket's error code, with how many of each. */
  errorKinds: Record<string, number>;
  late: number;
  /** How late the generator sent its requests, p99 in ms (0 when it kept pace). */
  lateP99: number;
  /** p99 counted from when each request actually went out: the server's own tail, without the generator's lateness. */
  p99FromSend: number;
  /** Whether the generator ran above the servers' priority (it needs the right to raise its own). */
  raisedPriority: boolean;
};

/** The generator's niceness during a paced run: above the servers', so that on a machine whose cores it shares with
 * them it keeps pace (a late send would be charged to the server as waiting time). */
const GENERATOR_NICENESS = -10;

export async function pacedLoad(options: {
  base: string;
  path: string;
  headers: Record<string, string>;
  body: () => unknown;
  rate: number;
  seconds: number;
  connections: number;
}): Promise<PacedResult> {
  const url = new URL(options.path, options.base);
  // At most `connections` sockets, kept alive; a request due while all are busy queues in the agent (and its wait
  // counts in its latency).
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const total = Math.max(1, Math.round(options.rate * options.seconds));
  const interval = 1000 / options.rate;
  const latencies: number[] = [];
  const errorKinds: Record<string, number> = {};
  const countError = (kind: string) => (errorKinds[kind] = (errorKinds[kind] ?? 0) + 1);
  // How long after its due time each request went out (the load generator itself falling behind).
  const lateness: number[] = [];
  const fromSend: number[] = [];
  const niceness = getPriority();
  let raisedPriority = false;
  try {
    setPriority(GENERATOR_NICENESS);
    raisedPriority = true;
  } catch {
    // not allowed (not root, no CAP_SYS_NICE): the run says so
  }
  const inFlight: Promise<void>[] = [];
  const start = performance.now();
  for (let i = 0; i < total; i++) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const sent = performance.now();
    lateness.push(Math.max(0, sent - due));
    const answered = () => {
      const now = performance.now();
      latencies.push(now - due);
      fromSend.push(now - sent);
    };
    inFlight.push(
      send(agent, url, options.headers, JSON.stringify(options.body())).then(
        (status) => {
          answered();
          if (status < 200 || status >= 300) countError(`HTTP ${status}`);
        },
        (error: NodeJS.ErrnoException) => {
          answered();
          countError(error.code ?? error.message);
        },
      ),
    );
  }
  await Promise.all(inFlight);
  agent.destroy();
  if (raisedPriority) setPriority(niceness);
  const errors = Object.values(errorKinds).reduce((sum, count) => sum + count, 0);
  return {
    requests: latencies.length,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    errors,
    errorKinds,
    // Sent more than one interval after they were due.
    late: lateness.filter((wait) => wait > interval).length,
    lateP99: quantile(lateness, 0.99),
    p99FromSend: quantile(fromSend, 0.99),
    raisedPriority,
  };
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0);
}

/** One POST; resolves to its HTTP status once the whole answer has arrived. */
function send(agent: http.Agent, url: URL, headers: Record<string, string>, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: "POST", agent, headers: { ...headers, "content-length": Buffer.byteLength(body) } },
      (response) => {
        response.on("data", () => {});
        response.on("end", () => resolve(response.statusCode ?? 0));
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}
