// Who holds a lease: one id per worker process (and per loop start), written into the leased rows' "leaseOwner".
import "server-only";
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";

export function workerOwnerId(): string {
  return `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}
