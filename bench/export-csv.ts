// Benchmark of GET /api/documents/export.csv: seeds N documents (one INSERT … SELECT generate_series) on a fresh
// PGlite folder or PostgreSQL database, starts the built app (`next start`) as its own process, downloads the whole
// export and reports wall time, throughput and the server's resident memory (sampled every 20 ms over the process
// tree, plus the kernel's VmHWM high-water mark).
//
//   npx next build
//   npx tsx bench/export-csv.ts pglite [rows]
//   BENCH_SERVER_NODE_FLAGS="--max-old-space-size=128" npx tsx bench/export-csv.ts pglite 100000
//   BENCH_DATABASE_URL=postgresql://postgres:postgres@127.0.0.1:5432/postgres npx tsx bench/export-csv.ts postgres [rows]
import "../scripts/support/allow-server-only.ts";
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { insertBulkDocuments } from "../tests/helpers/bulk-documents.ts";

// lib/auth/server is marked `server-only`: loaded after the hook above (scripts/support/allow-server-only.ts).
const { generateSecret, hashSecret } = await import("../lib/auth/server/secrets.ts");

const kind = process.argv[2] === "postgres" ? "postgres" : "pglite";
const rows = Number(process.argv[3] ?? 100_000);
const port = Number(process.env.BENCH_PORT ?? 3297);
const MB = 1024 * 1024;

// ---- a fresh database -------------------------------------------------------------------------------------------
let cleanup: () => Promise<void>;
if (kind === "pglite") {
  const dir = mkdtempSync(path.join(tmpdir(), "docflow-bench-"));
  delete process.env.DATABASE_URL;
  process.env.PGLITE_DIR = dir;
  cleanup = async () => rmSync(dir, { recursive: true, force: true });
} else {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgresql://postgres:postgres@127.0.0.1:5432/postgres";
  const pg = (await import("pg")).default;
  const name = `docflow_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  cleanup = async () => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.end();
  };
}

const { deployMigrationsOnOpenDatabase } = await import("../lib/db/deploy.ts");
const { getDb, closeDb } = await import("../lib/db/client.ts");
const { createInstanceWithCatalog } = await import("../lib/seed/server/catalog.ts");
await deployMigrationsOnOpenDatabase();
const db = await getDb();
const catalog = await createInstanceWithCatalog(db, "default");
const token = generateSecret("dft");
await db.apiToken.create({
  data: {
    instanceId: catalog.instanceId,
    name: "bench",
    role: "staff",
    prefix: token.slice(0, 10),
    tokenHash: hashSecret(token),
  },
});
let started = performance.now();
await insertBulkDocuments(db, {
  instanceId: catalog.instanceId,
  statusId: catalog.statusIds["Em análise"],
  productId: catalog.productId,
  count: rows,
});
const seedSeconds = (performance.now() - started) / 1000;
await closeDb();

// ---- the server, as its own process ----------------------------------------------------------------------------
// BENCH_SERVER_NODE_FLAGS="--max-old-space-size=128" shows the export fits a small heap (memory does not grow with N).
const nodeFlags = (process.env.BENCH_SERVER_NODE_FLAGS ?? "").split(/\s+/).filter(Boolean);
const server = spawn(
  process.execPath,
  [...nodeFlags, "node_modules/next/dist/bin/next", "start", "-p", String(port), "-H", "127.0.0.1"],
  {
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      LOG_LEVEL: "error",
      NEXTAUTH_SECRET: "bench",
    },
  },
);
const base = `http://127.0.0.1:${port}`;

function processTree(pid: number): number[] {
  const children = readdirSync(`/proc/${pid}/task`).flatMap((task) => {
    try {
      return readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
    } catch {
      return [];
    }
  });
  return [pid, ...children.flatMap(processTree)];
}

function memoryOf(pid: number, field: "VmRSS" | "VmHWM"): number {
  try {
    const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

const treeMemory = (field: "VmRSS" | "VmHWM") =>
  processTree(server.pid!).reduce((sum, pid) => sum + memoryOf(pid, field), 0);

try {
  for (let attempt = 0; ; attempt += 1) {
    try {
      if ((await fetch(`${base}/signin`)).ok) break;
    } catch {
      // not listening yet
    }
    if (attempt > 300) throw new Error("server did not start");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const headers = { authorization: `Bearer ${token}` };
  // Warm-up: loads the route's code and opens the database, so the measurement is the export itself.
  await (
    await fetch(`${base}/api/documents/export.csv?filter=${encodeURIComponent('{"cpf":"0"}')}`, { headers })
  ).text();
  const rssBefore = treeMemory("VmRSS");
  let peakRss = rssBefore;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, treeMemory("VmRSS"));
  }, 20);

  started = performance.now();
  const response = await fetch(`${base}/api/documents/export.csv`, {
    headers: { ...headers, "accept-encoding": "identity" },
  });
  const firstByteMs = performance.now() - started;
  const reader = response.body!.getReader();
  let bytes = 0;
  let newlines = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    for (const byte of value) if (byte === 0x0a) newlines += 1;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peakRss = Math.max(peakRss, treeMemory("VmRSS"));

  const result = {
    database: kind,
    rows,
    x_total_count: Number(response.headers.get("x-total-count")),
    csv_records: newlines - 1,
    seed_seconds: Number(seedSeconds.toFixed(1)),
    first_byte_ms: Math.round(firstByteMs),
    export_seconds: Number(seconds.toFixed(2)),
    rows_per_second: Math.round(rows / seconds),
    megabytes: Number((bytes / MB).toFixed(1)),
    rss_before_mb: Math.round(rssBefore / MB),
    rss_peak_sampled_mb: Math.round(peakRss / MB),
    rss_growth_mb: Math.round((peakRss - rssBefore) / MB),
    vm_hwm_mb: Math.round(treeMemory("VmHWM") / MB),
    server_processes: processTree(server.pid!).length,
    server_node_flags: nodeFlags.join(" ") || null,
  };
  console.log(JSON.stringify(result, null, 2));
  if (result.csv_records !== rows || result.x_total_count !== rows) {
    throw new Error(`expected ${rows} rows, got ${result.csv_records} (X-Total-Count ${result.x_total_count})`);
  }
} finally {
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  await cleanup();
}
