// What the lease tests (tests/lgpd-lease*.test.ts) check once a worker has taken over a killed worker's two requests:
// each processed once by the new worker, `done` after one attempt, and every row tied to the CPFs gone.
import { expect } from "vitest";
import type { Db } from "@/lib/db/client.ts";
import { remaining } from "./lgpd.ts";

/** The two seeded requests: one document with 1 observation, 1 attachment, 1 history row; one with 2, 0, 1. */
export async function expectTakenOverOnce(
  db: Db,
  requestIds: number[],
  documentIds: number[],
  workerLog: Record<string, unknown>[],
) {
  const processed = workerLog.filter((entry) => entry.event === "lgpd.processed");
  expect(processed.map((entry) => entry.lgpd_request_id).sort()).toEqual([...requestIds].sort());
  const rows = await db.lgpdRequest.findMany({ where: { id: { in: requestIds } }, orderBy: { id: "asc" } });
  expect(rows.map((row) => [row.status, row.attempts, row.leaseOwner])).toEqual([
    ["done", 1, null],
    ["done", 1, null],
  ]);
  expect(rows.map((row) => (row.details as { deleted: unknown }).deleted)).toEqual([
    { documents: 1, observations: 1, attachments: 1, history: 1 },
    { documents: 1, observations: 2, attachments: 0, history: 1 },
  ]);
  expect(await remaining(db, documentIds)).toEqual({ documents: 0, observations: 0, attachments: 0, history: 0 });
}
