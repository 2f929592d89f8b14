import "server-only";
import { stopAllPollingLoops } from "../../jobs/polling-loop.ts";
import { startAccessLoop } from "../../lgpd/server/access-queue.ts";
import { startDeletionLoop } from "../../lgpd/server/deletion-queue.ts";
import { startEmailLoop } from "../../outbox/server/email-queue.ts";
import { startRetentionLoop } from "../../retention/server/retention-queue.ts";
import { startDeliveryLoop } from "../../webhooks/server/delivery-queue.ts";
import { startSearchIndexUpkeep } from "./search-index-upkeep.ts";

// The background job loops (lib/jobs engine), started in one place by the app server (instrumentation.ts, unless
// LGPD_WORKER=off) and by `npm run worker`, and stopped in one place by their shutdowns: LGPD deletions, e-mails,
// webhook deliveries, LGPD access packages and retention runs; and, on PostgreSQL, the fold of the search indexes'
// pending lists (search-index-upkeep.ts). One owner id for all of a process's loops.

export function startBackgroundLoops(options: { unref?: boolean } = {}): { owner: string } {
  const deletion = startDeletionLoop(options);
  const owner = deletion.owner;
  startEmailLoop({ ...options, owner });
  startDeliveryLoop({ ...options, owner });
  startAccessLoop({ ...options, owner });
  startRetentionLoop({ ...options, owner });
  startSearchIndexUpkeep({ ...options, owner });
  return { owner };
}

/** Stops every job loop of this process — each lets its job in progress commit or roll back — before the database
 * closes. Every loop, not a list of them: a loop left out kept claiming work from a pool about to close. */
export async function stopBackgroundLoops(): Promise<void> {
  await stopAllPollingLoops();
}
