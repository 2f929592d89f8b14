// The app as `npm start` serves it with one process (scripts/serve-app.ts), for the bench scripts that start one
// server of their own (compression-check, cpu-ab), and the wait until it answers.
import { spawn, type ChildProcess } from "node:child_process";

/** Starts the app on `port` against process.env's database, with the bench's rate limit lifted. */
export function startBenchApp(port: number): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", "scripts/serve-app.ts"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      PORT: String(port),
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      NEXTAUTH_SECRET: "bench-secret",
      NEXTAUTH_URL: `http://127.0.0.1:${port}`,
      API_RATE_LIMIT_PER_MINUTE: "100000000",
      WEB_CONCURRENCY: "1",
    },
  });
}

/** Calls `answers200` every 200 ms until it resolves true (two minutes at most). */
export async function waitForBenchApp(answers200: () => Promise<boolean>): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      if (await answers200()) return;
    } catch {
      // not listening yet
    }
    if (attempt > 600) throw new Error("the app did not start");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
