import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { closeDb, getDb, type Db } from "@/lib/db/client.ts";
import { stopAllPollingLoops } from "@/lib/jobs/polling-loop.ts";
import { clearProcessCaches } from "@/lib/ops/process-caches.ts";
import { createMigratedDatabase } from "./test-database.ts";

export type TestApp = {
  baseUrl: string;
  db: Db;
  databaseKind: "pglite" | "postgres";
  /** POST JSON to `/api/<route>` with optional bearer token. */
  post: (
    route: string,
    body: unknown,
    options?: { token?: string; headers?: Record<string, string> },
  ) => Promise<Response>;
  get: (route: string, options?: { headers?: Record<string, string> }) => Promise<Response>;
  close: () => Promise<void>;
};

/**
 * The built Next.js app (`next build` output) served over real HTTP inside this test process, on its own copy of the
 * run's migrated template database (tests/helpers/test-database.ts). Routes and tests share one database client (see lib/db/client.ts), which PGlite requires.
 * The http layer runs its files one after another in each worker process (vitest.config.ts, `isolate: false`): Next's
 * server code, Prisma and PGlite are loaded once per worker, and each file still gets a new Next server on a new
 * database. What the app keeps in memory between requests (lib/ops/process-caches.ts) is emptied when a file's app
 * starts and when it closes, so no file meets another's cached tokens, policies or counters.
 */
export async function startTestApp(
  options: {
    /** PostgreSQL only: the URL the app connects through (e.g. a test's TCP proxy in front of the real server). */
    connectThrough?: (databaseUrl: string) => Promise<string>;
  } = {},
): Promise<TestApp> {
  clearProcessCaches();
  const database = await createMigratedDatabase();
  if (database.url && options.connectThrough) process.env.DATABASE_URL = await options.connectThrough(database.url);
  process.env.NEXTAUTH_SECRET ??= "test-secret-for-vitest-only";
  process.env.NEXTAUTH_URL ??= "http://localhost";
  const db = await getDb();

  const { default: next } = await import("next");
  const app = next({ dev: false, dir: path.resolve(import.meta.dirname, "../.."), quiet: true });
  await app.prepare();
  const handle = app.getRequestHandler();
  const server: Server = createServer((req, res) => void handle(req, res));
  // The server shares the test's process: when a test blocks the event loop (a bulk insert on PGlite) past Node's
  // 5 s keep-alive timeout, the next fetch reuses the pooled socket just before this timer closes it (ECONNRESET).
  // Keep idle sockets longer than any test's blocking work; fetch's own pool drops them after 4 s of real idleness.
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const post: TestApp["post"] = (route, body, options = {}) =>
    fetch(`${baseUrl}/api/${route}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...options.headers,
      },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  const get: TestApp["get"] = (route, options = {}) => fetch(`${baseUrl}/api/${route}`, { headers: options.headers });

  return {
    baseUrl,
    db,
    databaseKind: database.kind,
    post,
    get,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await app.close?.();
      // The job loops the app started (LGPD_WORKER on) stop with it, before its database closes.
      await stopAllPollingLoops();
      clearProcessCaches();
      await closeDb();
      await database.cleanup();
    },
  };
}
