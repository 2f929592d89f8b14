// CPU as the API benchmarks count it: a process's utime + stime from /proc (the servers' and PostgreSQL's backends:
// the benchmarks run on the database's machine), and the GIN index work that writes defer.
//
// GIN indexes (the documents' find and search text, the history's identifiers and text, the observations' text) take
// new entries into a pending list and fold it into the index once it passes gin_pending_list_limit (4 MB), in the
// backend whose insert overflows it: a burst of up to about half a second of CPU (424 pending pages took 522 ms here).
// Left alone, that burst lands in whichever later measurement is writing when the list overflows, on whichever
// server: bench/api/write-cpu.ts gave the app 1.76×, 0.75× and 0.68× the baseline's PostgreSQL CPU per updateById in
// three runs of the same code. So a measurement starts with empty pending lists, and what its own writes left there
// is folded right after it and counted as its own.
import { readFileSync } from "node:fs";
import type pg from "pg";
import { clientSql } from "../../lib/db/sql-session.ts";

const TICK_MS = 10; // USER_HZ = 100 on Linux

/** CPU milliseconds (user + system) process `pid` has used so far; 0 once it has ended. */
export function processCpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS; // utime, stime (fields 14 and 15 of stat)
  } catch {
    return 0;
  }
}

const backendPids = new WeakMap<pg.ClientBase, Promise<number>>();

/**
 * Folds every GIN pending list of `client`'s database into its index with the app's own fold
 * (lib/ops/server/search-index-upkeep.ts; it needs the tables' owner or a superuser); answers the CPU milliseconds
 * that took in the client's own backend.
 */
export async function foldGinPendingLists(client: pg.ClientBase): Promise<number> {
  let pid = backendPids.get(client);
  if (!pid) {
    pid = client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid").then(({ rows }) => rows[0]!.pid);
    backendPids.set(client, pid);
  }
  const backend = await pid;
  const before = processCpuMs(backend);
  // Loaded on first use: lib server files are marked `server-only`, and the entries that import this module register
  // scripts/support/allow-server-only.ts first.
  const { foldSearchIndexes } = await import("../../lib/ops/server/search-index-upkeep.ts");
  await foldSearchIndexes(clientSql(client));
  return processCpuMs(backend) - before;
}
