// On the embedded database: the process that holds a PGlite folder is SIGKILLed while it holds two
// claims (one inside its open deletion transaction). The next process to open the folder — `npm run worker` with the
// default settings — completes both within 30 s of the kill, each once (before the heartbeat: a 300 s lease).
// PostgreSQL's version, with two workers running at once, is in tests/lgpd-lease.http.test.ts.
import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "@/lib/db/client.ts";
import { cpfFromBase, createLgpdInstance, formatCpf, insertDocument } from "./helpers/lgpd.ts";
import { expectTakenOverOnce } from "./helpers/lgpd-takeover.ts";
import { ROOT, scriptCommand } from "./helpers/run-script.ts";
import { createMigratedDatabase } from "./helpers/test-database.ts";

const onPglite = !process.env.TEST_DATABASE_URL;

let database: Awaited<ReturnType<typeof createMigratedDatabase>>;
const requestIds: number[] = [];
let documentIds: number[] = [];

beforeAll(async () => {
  if (!onPglite) return;
  database = await createMigratedDatabase();
  const db = await getDb();
  const instance = await createLgpdInstance(db, "default");
  const cpfs = [cpfFromBase(616161616), cpfFromBase(727272727)];
  documentIds = [
    (await insertDocument(db, instance, cpfs[0]!, { observations: 1, attachments: 1, history: 1 })).id,
    (await insertDocument(db, instance, formatCpf(cpfs[1]!), { observations: 2, history: 1 })).id,
  ];
  for (const [index, cpf] of cpfs.entries()) {
    const request = await db.lgpdRequest.create({
      data: {
        instanceId: instance.instanceId,
        cpfHash: `pglite-lease-${index}`,
        cpfMasked: "***",
        cpfPending: cpf,
        pendingKey: `pglite-lease-${index}`,
      },
    });
    requestIds.push(request.id);
  }
  await closeDb(); // the folder is the worker processes' now
});
afterAll(async () => {
  await closeDb();
  await database?.cleanup();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const exited = (child: ChildProcess) =>
  new Promise((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once("exit", resolve),
  );

describe.runIf(onPglite)("on PGlite", () => {
  it("the process holding the folder and two claims is SIGKILLed: the next opener completes both within 30 s, once", async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: "info" };
    for (const name of ["LGPD_LEASE_SECONDS", "LGPD_HEARTBEAT_SECONDS", "LGPD_POLL_SECONDS", "LGPD_BATCH_SIZE"]) {
      delete env[name];
    }
    // Both processes run their script compiled once for the run (tests/helpers/cli-bundle.setup.ts), not through tsx.
    const doomed = spawn(...scriptCommand("tests/helpers/lgpd-hanging-worker.ts", ["doomed"]), {
      cwd: ROOT,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let killedAt = 0;
    try {
      const line = await createInterface({ input: doomed.stdout! })[Symbol.asyncIterator]().next();
      expect(JSON.parse(String(line.value))).toEqual({
        claimed: requestIds,
        deleted: { documents: 1, observations: 1, attachments: 1, history: 1 },
      });
    } finally {
      doomed.kill("SIGKILL");
      killedAt = Date.now();
      await exited(doomed);
    }

    // The worker a restart brings up; its lock and PGlite open the folder the dead process left.
    const worker = spawn(...scriptCommand("scripts/worker.ts", []), {
      cwd: ROOT,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    worker.stderr!.on("data", (chunk) => (stderr += chunk));
    const log: Record<string, unknown>[] = [];
    createInterface({ input: worker.stdout! }).on("line", (text) => {
      if (text.startsWith("{")) log.push(JSON.parse(text) as Record<string, unknown>);
    });
    let doneAfter = 0;
    try {
      while (Date.now() - killedAt < 45_000 && worker.exitCode === null) {
        if (log.filter((entry) => entry.event === "lgpd.processed").length >= requestIds.length) {
          doneAfter = Date.now() - killedAt;
          break;
        }
        await sleep(100);
      }
    } finally {
      worker.kill("SIGTERM");
      await exited(worker);
    }
    console.info(`[lease] PGlite: both requests done ${doneAfter} ms after the SIGKILL`);
    expect(doneAfter, stderr).toBeGreaterThan(0);
    expect(doneAfter).toBeLessThan(30_000);
    // The worker stopped: the folder opens here, intact.
    await expectTakenOverOnce(await getDb(), requestIds, documentIds, log);
  }, 90_000);
});
