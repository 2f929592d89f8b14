// SIGTERM to `npm start` with requests in flight: it stops accepting at once, finishes the request whose body is
// still arriving, cuts the one that never ends after SHUTDOWN_TIMEOUT_SECONDS, releases the database and exits 0.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { request as httpRequest } from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "./helpers/free-port.ts";
import { ROOT, runScript } from "./helpers/run-script.ts";
import { createFreshDatabase } from "./helpers/test-database.ts";

const hasBuild = existsSync(path.join(ROOT, ".next/BUILD_ID"));
let database: Awaited<ReturnType<typeof createFreshDatabase>>;
beforeAll(async () => {
  if (hasBuild) database = await createFreshDatabase();
});
afterAll(async () => database?.cleanup());

type Answer = { status: number; body: string } | { error: string };

/** A POST whose body is sent in two parts: `finish()` sends the rest; `answer` settles with the response. */
function slowPost(port: number, route: string, token: string, body: string) {
  const request = httpRequest({
    host: "127.0.0.1",
    port,
    method: "POST",
    path: `/api/${route}`,
    headers: {
      "content-type": "application/json",
      "content-length": Buffer.byteLength(body),
      authorization: `Bearer ${token}`,
    },
  });
  const answer = new Promise<Answer>((resolve) => {
    request.on("response", (response) => {
      let text = "";
      response.on("data", (chunk) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
      response.on("error", (error) => resolve({ error: error.message }));
    });
    request.on("error", (error) => resolve({ error: error.message }));
  });
  request.write(body.slice(0, 1));
  request.flushHeaders();
  return { answer, finish: () => request.end(body.slice(1)) };
}

describe.skipIf(!hasBuild)("graceful shutdown of npm start", () => {
  it("finishes a request in flight, cuts a never-ending one after the bound, releases the database, exits 0", async () => {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      NEXTAUTH_SECRET: "shutdown-test-secret",
      ADMIN_PASSWORD: "shutdown-password-1",
      SHUTDOWN_TIMEOUT_SECONDS: "4",
      LGPD_WORKER: "", // the in-app deletion loop runs and must stop cleanly too
      LOG_LEVEL: "info",
      WEB_CONCURRENCY: "2", // on PostgreSQL: two server processes (node:cluster); PGlite always runs one
    };
    for (const name of ["ADMIN_EMAIL", "NEXTAUTH_URL", "NODE_ENV"]) delete env[name];
    const wrapper = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts", "--skip-build"], {
      cwd: ROOT,
      env,
    });
    let output = "";
    wrapper.stdout.on("data", (chunk) => (output += chunk));
    wrapper.stderr.on("data", (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => wrapper.on("exit", (code) => resolve(code)));
    try {
      for (const deadline = Date.now() + 150_000; ;) {
        if (wrapper.exitCode !== null) throw new Error(`npm start exited:\n${output}`);
        if (Date.now() > deadline) throw new Error(`npm start did not answer:\n${output}`);
        const ok = await fetch(`${baseUrl}/api/health`).then(
          (response) => response.ok,
          () => false,
        );
        if (ok) break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      const signedIn = await fetch(`${baseUrl}/api/auth/token`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "admin@docflow.local", password: "shutdown-password-1" }),
      });
      expect(signedIn.status).toBe(200);
      const { token } = (await signedIn.json()) as { token: string };

      const finishing = slowPost(port, "status/loadAll", token, "{}");
      const neverEnding = slowPost(port, "product/loadAll", token, "{}   ");
      await new Promise((resolve) => setTimeout(resolve, 500)); // both are inside the server now
      const signalled = Date.now();
      wrapper.kill("SIGTERM");
      await new Promise((resolve) => setTimeout(resolve, 1_000));

      // Not accepting any more…
      const refused = await fetch(`${baseUrl}/api/health`).then(
        (response) => `answered ${response.status}`,
        (error: Error) => (error.cause as { code?: string } | undefined)?.code ?? error.message,
      );
      expect(refused).toBe("ECONNREFUSED");
      // …but the request in flight still gets its full answer.
      finishing.finish();
      const answer = await finishing.answer;
      expect(answer).toMatchObject({ status: 200 });
      expect(JSON.parse((answer as { body: string }).body).length).toBeGreaterThan(0);

      expect(await exited).toBe(0);
      const tookMs = Date.now() - signalled;
      expect(tookMs).toBeGreaterThanOrEqual(3_500); // it waited for the never-ending request…
      expect(tookMs).toBeLessThan(15_000); // …but only up to the bound
      expect(await neverEnding.answer).toHaveProperty("error");
      expect(output).toMatch(/"event":"server\.stopped".*"drained":false,"cut_requests":1/);
      expect(output).toContain('"event":"lgpd.loop_stopped"');
      const processes = database.kind === "postgres" ? 2 : 1;
      expect(output.match(/"event":"server\.stopped"/g)).toHaveLength(processes);
      expect(output.match(/"event":"lgpd\.loop_started"/g)).toHaveLength(1); // one deletion loop, whatever the count

      // The database was released: the CLI opens it at once (on PGlite this needs the lock).
      const listed = await runScript("scripts/cli.ts", ["instance", "list"]);
      expect(listed.code, listed.stderr).toBe(0);
      expect(listed.stdout).toContain("default");
    } finally {
      if (wrapper.exitCode === null) wrapper.kill("SIGTERM"); // forwarded: the server stops too (bounded)
    }
  }, 300_000); // a whole npm start lifecycle, like tests/start.http.test.ts
});
