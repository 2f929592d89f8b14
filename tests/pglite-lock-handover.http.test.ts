// `npm start`'s wrapper dies (kill -9, a closed terminal) while `next start` keeps serving the
// embedded database. The lock must live with the process that has the folder open: the CLI refuses, and the folder
// still opens afterwards with everything in it. Before the fix the CLI called the lock stale and opened the folder.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openConnection } from "@/lib/db/connection.ts";
import { lockPathFor } from "@/lib/db/pglite-lock.ts";
import { freePort } from "./helpers/free-port.ts";
import { ROOT, runScript } from "./helpers/run-script.ts";

const hasBuild = existsSync(path.join(ROOT, ".next/BUILD_ID"));
const onPglite = !process.env.TEST_DATABASE_URL;
const root = mkdtempSync(path.join(tmpdir(), "docflow-handover-"));
const dir = path.join(root, "pglite");
const env = { PGLITE_DIR: dir, DATABASE_URL: "", NEXTAUTH_SECRET: "handover-test-secret", LGPD_WORKER: "off" };
const leftovers: number[] = [];

afterAll(() => {
  for (const pid of leftovers) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
  rmSync(root, { recursive: true, force: true });
});

/** Linux: the processes whose parent is `pid` and whose command line mentions `word`. */
function childrenOf(pid: number, word: string): number[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        const parent = readFileSync(`/proc/${name}/stat`, "utf8").split(") ")[1]?.split(" ")[1];
        return parent === String(pid) && readFileSync(`/proc/${name}/cmdline`, "utf8").includes(word);
      } catch {
        return false;
      }
    })
    .map(Number);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function waitFor<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, ms = 150_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.skipIf(!hasBuild || !onPglite || process.platform !== "linux")(
  "PGlite lock when npm start's wrapper dies",
  () => {
    it("keeps the lock with next start: the CLI refuses, and the database is intact afterwards", async () => {
      const port = await freePort();
      const baseUrl = `http://127.0.0.1:${port}`;
      // The wrapper alone (no tsx relay process in front), so that killing it leaves exactly next-server running.
      const wrapper: ChildProcess = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts", "--skip-build"], {
        cwd: ROOT,
        env: { ...process.env, ...env, PORT: String(port), ADMIN_PASSWORD: "handover-password-1" },
      });
      leftovers.push(wrapper.pid!);
      let output = "";
      wrapper.stdout!.on("data", (chunk) => (output += chunk));
      wrapper.stderr!.on("data", (chunk) => (output += chunk));
      await waitFor("npm start to serve", async () => {
        if (wrapper.exitCode !== null) throw new Error(`npm start exited:\n${output}`);
        const status = await fetch(`${baseUrl}/api/auth/csrf`).then(
          (response) => response.status,
          () => 0,
        );
        return status === 200 ? true : undefined;
      });
      const server = childrenOf(wrapper.pid!, "serve-app")[0] ?? 0;
      expect(server).toBeGreaterThan(0);
      leftovers.push(server);
      expect(JSON.parse(readFileSync(lockPathFor(dir), "utf8")).pid).toBe(server); // the holder is the server

      // The server has the folder open (a sign-in writes a token) when the wrapper dies.
      const signIn = () =>
        fetch(`${baseUrl}/api/auth/token`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email: "admin@docflow.local", password: "handover-password-1" }),
        }).then((response) => response.status);
      expect(await signIn()).toBe(200);
      wrapper.kill("SIGKILL");
      await waitFor("the wrapper to die", () => (wrapper.exitCode !== null || wrapper.signalCode ? true : undefined));
      expect(alive(server)).toBe(true);

      // Writes go on in the server (each sign-in records a token) while the CLI tries the folder.
      const writes = Promise.all(Array.from({ length: 5 }, signIn));
      const refused = await runScript("scripts/cli.ts", ["instance", "list"], env);
      expect(await writes).toEqual([200, 200, 200, 200, 200]);
      expect(refused.code, refused.stdout + refused.stderr).toBe(1);
      expect(refused.stderr).toContain(`is in use by process ${server}`);
      expect(refused.stdout).toBe("");

      // A second npm start refuses too, before touching anything.
      const second = await runScript("scripts/start.ts", ["--skip-build"], { ...env, PORT: String(await freePort()) });
      expect(second.code).toBe(1);
      expect(second.stdout + second.stderr).toContain("is in use by process");

      // The server still answers after all that, then stops; the lock goes with it and the folder opens intact.
      expect(await signIn()).toBe(200);
      process.kill(server, "SIGTERM");
      await waitFor("next start to exit", () => (alive(server) ? undefined : true), 30_000);
      const listed = await runScript("scripts/cli.ts", ["instance", "list"], env);
      expect(listed.code, listed.stderr).toBe(0);
      expect(listed.stdout).toContain("default");
      const opened = await openConnection({ kind: "pglite", dir });
      try {
        const { rows } = await opened.pglite!.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM "ApiToken" WHERE kind = 'session'`,
        );
        expect(rows[0]?.n).toBe(7); // every sign-in's token survived
      } finally {
        await opened.close();
      }
    }, 300_000); // a whole npm start lifecycle, like tests/start.http.test.ts
  },
);
