import "server-only";
import type { Counter, Histogram, Registry } from "prom-client";
import { timingSafeEqual, createHash } from "node:crypto";
import { config } from "../../config/index.ts";
import { registerProcessCache } from "../../cache/process-caches.ts";

// Prometheus metrics of this process (prom-client). Kept on globalThis: Next loads route bundles and the
// instrumentation bundle as separate module instances, and they must all count into one registry. Values that live
// in the database (LGPD requests by status, oldest pending age) and the pool's state are read at scrape time.
// Labels never carry personal data: routes are the contracts' path templates, statuses are codes.

type Metrics = {
  registry: Registry;
  requests: Counter<"method" | "route" | "status">;
  latency: Histogram<"method" | "route" | "status">;
  rateLimited: Counter<"limiter">;
  signInFailures: Counter<"reason">;
  passwordChecks: Counter;
  passwordSeconds: Counter;
  deletions: Histogram<"outcome">;
};

const KEY = "__docflowMetrics";
const slot = globalThis as { [KEY]?: Promise<Metrics> };
// Counts back to zero and labelled series gone, as in a new process (lib/cache/process-caches.ts).
registerProcessCache("metrics", () => void slot[KEY]?.then(({ registry }) => registry.resetMetrics()));

/** Metrics are served only when METRICS_TOKEN is set (then only to a bearer of it). */
export function metricsEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(config("METRICS_TOKEN", env));
}

/** Constant-time comparison of the request's bearer token with METRICS_TOKEN (hashed first: equal lengths). */
export function metricsAuthorized(authorization: string | null, env: NodeJS.ProcessEnv = process.env): boolean {
  const expected = config("METRICS_TOKEN", env);
  const given = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "")?.[1];
  if (!expected || !given) return false;
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function metrics(): Promise<Metrics> {
  slot[KEY] ??= (async () => {
    const client = await import("prom-client");
    const registry = new client.Registry();
    client.collectDefaultMetrics({ register: registry, prefix: "docflow_process_" });
    const labelled = { registers: [registry] };
    const made: Metrics = {
      registry,
      requests: new client.Counter({
        name: "docflow_http_requests_total",
        help: "API requests answered, by method, route template and status",
        labelNames: ["method", "route", "status"],
        ...labelled,
      }),
      latency: new client.Histogram({
        name: "docflow_http_request_duration_seconds",
        help: "API request duration, by method, route template and status",
        labelNames: ["method", "route", "status"],
        buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
        ...labelled,
      }),
      rateLimited: new client.Counter({
        name: "docflow_rate_limit_refusals_total",
        help: "Requests refused by a rate limit or throttle (429)",
        labelNames: ["limiter"],
        ...labelled,
      }),
      signInFailures: new client.Counter({
        name: "docflow_sign_in_failures_total",
        help: "Failed sign-ins (web and /api/auth/token): invalid credentials or throttled",
        labelNames: ["reason"],
        ...labelled,
      }),
      // The cost of password work (scrypt), so the sign-in cache's effect can be measured (tests/compat-sign-in).
      passwordChecks: new client.Counter({
        name: "docflow_password_verifications_total",
        help: "Password hashes computed to check a sign-in (real or decoy)",
        ...labelled,
      }),
      passwordSeconds: new client.Counter({
        name: "docflow_password_verification_seconds_total",
        help: "Seconds spent computing password hashes for sign-ins",
        ...labelled,
      }),
      deletions: new client.Histogram({
        name: "docflow_lgpd_deletion_duration_seconds",
        help: "Time to process one claimed LGPD deletion request, by outcome",
        labelNames: ["outcome"],
        buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
        ...labelled,
      }),
    };
    const { collectDatabaseGauges } = await import("./database-gauges.ts");
    collectDatabaseGauges(client, registry);
    return made;
  })();
  return slot[KEY];
}

// Recording never fails a request: metrics are best effort. Nothing is recorded (no series grow in memory) while
// metrics are off.
const record = (fn: (m: Metrics) => void) => {
  if (!metricsEnabled()) return;
  void metrics().then(fn, () => {});
};

/** `route` is the contract's path template (`/api/documents/{id}`), never the request's path: a bounded label set
 * that cannot carry what a caller typed into a path (a CPF, random ids). */
export function recordApiRequest(method: string, route: string, status: number, seconds: number) {
  record((m) => {
    const labels = { method, route, status: String(status) };
    m.requests.inc(labels);
    m.latency.observe(labels, seconds);
    if (status === 429) m.rateLimited.inc({ limiter: "api" });
  });
}

export function recordSignInFailure(reason: "invalid" | "throttled") {
  record((m) => {
    m.signInFailures.inc({ reason });
    if (reason === "throttled") m.rateLimited.inc({ limiter: "sign-in" });
  });
}

export function recordPasswordCheck(seconds: number) {
  record((m) => {
    m.passwordChecks.inc();
    m.passwordSeconds.inc(seconds);
  });
}

export function recordDeletion(outcome: string, seconds: number) {
  record((m) => m.deletions.observe({ outcome }, seconds));
}

/** The Prometheus text exposition of this process. */
export async function metricsText(): Promise<{ contentType: string; body: string }> {
  const { registry } = await metrics();
  return { contentType: registry.contentType, body: await registry.metrics() };
}
