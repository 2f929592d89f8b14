// Serves the built app for Playwright on a fresh embedded database with known users (see e2e/support/seed.ts).
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";

const port = process.argv[2] ?? "3100";
const dir = path.resolve("data/e2e-pglite");
rmSync(dir, { recursive: true, force: true });
process.env.PGLITE_DIR = dir;
delete process.env.DATABASE_URL;
process.env.NEXTAUTH_SECRET ??= "e2e-only-secret-not-for-production";
process.env.NEXTAUTH_URL = `http://127.0.0.1:${port}`;

const { deployMigrationsOnOpenDatabase } = await import("../lib/db/deploy.ts");
const { getDb, closeDb } = await import("../lib/db/client.ts");
const { seedE2e } = await import("../e2e/support/seed.ts");
await deployMigrationsOnOpenDatabase();
await seedE2e(await getDb());
await closeDb();

const server = spawn("npx", ["next", "start", "-p", port, "-H", "127.0.0.1"], {
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: "production", LGPD_POLL_SECONDS: process.env.LGPD_POLL_SECONDS ?? "1" },
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
