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

export type PacedResult = {
  requests: number;
  p50: number;
  p99: number;
  errors: number;
  /** What the errors were: an HTTP status or the socket's error code, with how many of each. */
  errorKinds: Record<string, number>;
  late: number;
};

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
  // Requests sent more than one interval after they were due (the load generator itself fell behind).
  let late = 0;
  const inFlight: Promise<void>[] = [];
  const start = performance.now();
  for (let i = 0; i < total; i++) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    if (performance.now() - due > interval) late++;
    inFlight.push(
      send(agent, url, options.headers, JSON.stringify(options.body())).then(
        (status) => {
          latencies.push(performance.now() - due);
          if (status < 200 || status >= 300) countError(`HTTP ${status}`);
        },
        (error: NodeJS.ErrnoException) => {
          latencies.push(performance.now() - due);
          countError(error.code ?? error.message);
        },
      ),
    );
  }
  await Promise.all(inFlight);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)]!);
  const errors = Object.values(errorKinds).reduce((sum, count) => sum + count, 0);
  return { requests: latencies.length, p50: at(0.5), p99: at(0.99), errors, errorKinds, late };
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
