// `npm run worker`: refuses an embedded database another process holds; otherwise deletes what is due and stops on
// SIGTERM with exit 0 after the deletion in progress has committed.
import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "@/lib/db/client.ts";
import { cpfFromBase, createLgpdInstance, insertDocument } from "./helpers/lgpd.ts";
import { ROOT, runScript, scriptCommand } from "./helpers/run-script.ts";
import { createMigratedDatabase } from "./helpers/test-database.ts";

let database: Awaited<ReturnType<typeof createMigratedDatabase>>;
let requestId: number;
let documentId: number;
beforeAll(async () => {
  database = await createMigratedDatabase();
  const db = await getDb();
  const instance = await createLgpdInstance(db, "default");
  const cpf = cpfFromBase(777_001);
  documentId = (await insertDocument(db, instance, cpf)).id;
  const request = await db.lgpdRequest.create({
    data: {
      instanceId: instance.instanceId,
      cpfHash: "worker-test",
      cpfMasked: "***",
      cpfPending: cpf,
      pendingKey: "w",
    },
  });
  requestId = request.id;
});
afterAll(async () => {
  await closeDb();
  await database?.cleanup();
});

describe("npm run worker", () => {
  it.skipIf(!!process.env.TEST_DATABASE_URL)("refuses the embedded database while another process has it", async () => {
    await getDb(); // this test process holds it
    const refused = await runScript("scripts/worker.ts", []);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`is in use by process ${process.pid}`);
  });

  it("processes the due request, then stops on SIGTERM with exit 0", async () => {
    await closeDb();
    const worker = spawn(...scriptCommand("scripts/worker.ts", []), {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: "info", LGPD_POLL_SECONDS: "1" },
    });
    let output = "";
    worker.stdout.on("data", (chunk) => (output += chunk));
    worker.stderr.on("data", (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => worker.on("exit", (code) => resolve(code)));
    try {
      for (const deadline = Date.now() + 60_000; !output.includes('"event":"lgpd.processed"');) {
        if (worker.exitCode !== null || Date.now() > deadline) throw new Error(`worker did not process:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      worker.kill("SIGTERM");
      expect(await exited).toBe(0);
      expect(output).toContain('"event":"lgpd.loop_stopped"');
    } finally {
      if (worker.exitCode === null) worker.kill("SIGKILL");
    }
    const db = await getDb(); // released: this opens at once on PGlite
    expect((await db.lgpdRequest.findUniqueOrThrow({ where: { id: requestId } })).status).toBe("done");
    expect(await db.document.count({ where: { id: documentId } })).toBe(0);
  });
});
