import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { closeDb, getDb, type Db } from "@/lib/db/client.ts";
import { stopAllPollingLoops } from "@/lib/jobs/polling-loop.ts";
import { clearProcessCaches } from "@/lib/cache/process-caches.ts";
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
 * The http layer runs its files one after another in each worker process (vitest.config.ts, `isolate: false`): one
 * Next server per process (started by its first file, Next's server code and Prisma loaded once) serves each file in
 * turn, each on a new database — the app opens the database lazily (lib/db/client.ts), so closing one and pointing
 * the environment at the next switches it. What the app keeps in memory between requests (lib/cache/process-caches.ts)
 * is emptied when a file's app starts and when it closes, so no file meets another's cached tokens, policies, counters
 * or metrics; a file's idle connections are closed with it.
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
  // A request of an earlier file still running after that file closed (a test that timed out goes on in the
  // background) reopens the database it was pointed at (seen: an empty PGlite folder, "ApiToken does not exist" in
  // the next file); close whatever is open so this file's first use opens its own copy.
  await closeDb();
  const db = await getDb();
  const { server, baseUrl } = await processServer();

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
      // Idle kept-alive connections go (as server.close() did when each file had its own server); a request still
      // being answered finishes on its socket.
      server.closeIdleConnections();
      // The job loops the app started (LGPD_WORKER on) stop with it, before its database closes.
      await stopAllPollingLoops();
      clearProcessCaches();
      await closeDb();
      await database.cleanup();
    },
  };
}

type ProcessServer = { server: Server; baseUrl: string };
const holder = globalThis as { __docflowTestServer?: Promise<ProcessServer> };

/**
 * This process's Next server, started on first use and kept for the process's later files: a second Next server in
 * one process does not work (Next runs instrumentation's register() once per process, and a second server answered
 * its prerendered routes — /api/openapi.json, the 404 page — with a 500, seen). Not referenced: it never keeps the
 * process alive.
 */
function processServer(): Promise<ProcessServer> {
  holder.__docflowTestServer ??= (async () => {
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
    server.unref();
    return { server, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  })().catch((error: unknown) => {
    delete holder.__docflowTestServer;
    throw error;
  });
  return holder.__docflowTestServer;
}
