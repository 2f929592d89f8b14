// The server process of `npm start` (started by scripts/start.ts, which prepares the database first): serves the
// built app on PORT and stops gracefully on SIGTERM/SIGINT (lib/ops/server/app-server.ts) — on PostgreSQL with
// WEB_CONCURRENCY processes (default: one per core; lib/ops/server/cluster.ts).
import cluster from "node:cluster";
import "./support/allow-server-only.ts";
import { checkConfigOrExit, config } from "../lib/config/index.ts";

checkConfigOrExit("[server] ");

const { runPrimary, webConcurrency } = await import("../lib/ops/server/cluster.ts");
const processes = cluster.isPrimary ? webConcurrency() : 1;
if (processes > 1) {
  runPrimary(processes);
} else {
  const { serveApp } = await import("../lib/ops/server/app-server.ts");
  await serveApp({ port: config("PORT") });
}
