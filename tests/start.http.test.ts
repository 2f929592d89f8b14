// `npm start` on a fresh database, as a new user runs it: first run prints the first admin's credentials once and
// serves the app; a second run prints none. Uses the existing build (--skip-build): tests never rebuild .next.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { connect, type Socket } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTarget } from "@/lib/db/connection.ts";
import { lockPathFor } from "@/lib/db/pglite-lock.ts";
import { freePort } from "./helpers/free-port.ts";
import { ROOT, runScript } from "./helpers/run-script.ts";
import { createFreshDatabase } from "./helpers/test-database.ts";

const hasBuild = existsSync(path.join(ROOT, ".next/BUILD_ID"));
let database: Awaited<ReturnType<typeof createFreshDatabase>>;

type Started = { child: ChildProcess; output: () => string; baseUrl: string; stop: () => Promise<number | null> };

async function start(): Promise<Started> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), NEXTAUTH_SECRET: "start-test-secret" };
  for (const name of ["ADMIN_EMAIL", "ADMIN_PASSWORD", "NEXTAUTH_URL", "NODE_ENV"]) delete env[name];
  const child = spawn(path.join(ROOT, "node_modules/.bin/tsx"), ["scripts/start.ts", "--skip-build"], {
    cwd: ROOT,
    env,
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`npm start did not answer in time:\n${output}`);
    }
    const status = await fetch(`${baseUrl}/api/auth/csrf`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    child,
    output: () => output,
    baseUrl,
    stop: async () => {
      child.kill("SIGTERM");
      return exited;
    },
  };
}

/** One raw keep-alive connection; `get` sends a request on it and resolves with the answer's head. */
async function openConnection(baseUrl: string): Promise<{ socket: Socket; get: (path: string) => Promise<string> }> {
  const { hostname, port } = new URL(baseUrl);
  const socket = connect(Number(port), hostname).on("error", () => socket.destroy());
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  socket.setEncoding("utf8");
  const get = (path: string) =>
    new Promise<string>((resolve, reject) => {
      let received = "";
      const onData = (chunk: string) => {
        received += chunk;
        const headEnd = received.indexOf("\r\n\r\n");
        if (headEnd < 0) return;
        const length = /\r\ncontent-length: *(\d+)/i.exec(received.slice(0, headEnd))?.[1];
        const complete =
          length === undefined ? received.endsWith("\r\n0\r\n\r\n") : received.length >= headEnd + 4 + Number(length);
        if (!complete) return;
        socket.off("data", onData).off("close", onClose);
        resolve(received.slice(0, headEnd + 2));
      };
      const onClose = () => reject(new Error(`the server closed the connection; received: ${received || "nothing"}`));
      if (socket.closed || socket.readableEnded) return onClose();
      socket.on("data", onData).once("close", onClose);
      socket.write(`GET ${path} HTTP/1.1\r\nhost: ${hostname}:${port}\r\nconnection: keep-alive\r\n\r\n`);
    });
  return { socket, get };
}

beforeAll(async () => {
  if (hasBuild) database = await createFreshDatabase();
});
afterAll(async () => database?.cleanup());

describe.skipIf(!hasBuild)("npm start", () => {
  it("first run: migrates, seeds, prints the first admin once, serves; second run prints no credentials", async () => {
    const first = await start();
    let firstOutput: string;
    try {
      firstOutput = first.output();
      expect(firstOutput).toContain('seed: created instance "default"');
      expect(firstOutput.match(/password: /g)).toHaveLength(1);
      const email = /e-mail: +(\S+)/.exec(firstOutput)?.[1];
      const password = /password: +(\S+)/.exec(firstOutput)?.[1];
      expect(email).toBe("admin@docflow.local");
      expect(password).toMatch(/^[\w-]{20}$/);

      // The printed credentials work against the running server.
      const signedIn = await fetch(`${first.baseUrl}/api/auth/token`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password }),
      });
      expect(signedIn.status).toBe(200);
      const { token } = await signedIn.json();
      const products = await fetch(`${first.baseUrl}/api/product/loadAll`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: "{}",
      });
      expect(products.status).toBe(200);
      expect((await products.json()).map((product: { name: string }) => product.name)).toEqual(["Seguro Auto"]);

      // A pooled connection left idle past Node's default keep-alive (5 s + its 1 s buffer) still serves the next
      // request: the server keeps idle sockets 65 s and says so (a browser test saw ECONNRESET on a reused socket).
      const pooled = await openConnection(first.baseUrl);
      try {
        const firstAnswer = await pooled.get("/api/health");
        expect(firstAnswer).toMatch(/^HTTP\/1\.1 200 /);
        expect(firstAnswer).toMatch(/\r\nkeep-alive: timeout=65\r\n/i);
        await new Promise((resolve) => setTimeout(resolve, 6_500));
        expect(await pooled.get("/api/health")).toMatch(/^HTTP\/1\.1 200 /);
      } finally {
        pooled.socket.destroy();
      }

      const target = databaseTarget();
      if (target.kind === "pglite") {
        // The server holds the embedded database: the CLI says so instead of opening it behind its back.
        expect(existsSync(lockPathFor(target.dir))).toBe(true);
        const busy = await runScript("scripts/cli.ts", ["token", "list"]);
        expect(busy.code).toBe(1);
        expect(busy.stderr).toContain("is in use by process");
        expect(busy.stderr).toContain("Stop the server (npm start)");
      }
    } finally {
      await first.stop();
    }
    const target = databaseTarget();
    if (target.kind === "pglite") expect(existsSync(lockPathFor(target.dir))).toBe(false);

    const second = await start();
    try {
      const output = second.output();
      expect(output).toContain("seed: skipped");
      expect(output).not.toContain("password:");
      expect(output).not.toContain("First admin");
      expect(output).toContain("migrations up to date");
    } finally {
      await second.stop();
    }
  }, 400_000);
});
