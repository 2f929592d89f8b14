// Which database failures mean "busy or unreachable, try again shortly" (an honest 503 with Retry-After) rather than
// a bug (500). Prisma wraps driver errors in several layers, so the whole cause/meta chain is searched.

export type Unavailability = "busy" | "down";

/** Thrown by the app itself when it gives up waiting (the per-row queue); always answered as busy. */
export class DatabaseBusyError extends Error {
  readonly code = "DOCFLOW_BUSY";
  constructor(message = "The database is busy") {
    super(message);
    this.name = "DatabaseBusyError";
  }
}

// 55P03 lock_not_available (lock_timeout), 57014 query_canceled (statement_timeout), 53300 too_many_connections.
const BUSY_SQLSTATES = new Set(["55P03", "57014", "53300"]);
// 57P01/57P02/57P03: the server is shutting down, crashed or starting; class 08: connection exceptions.
const DOWN_SQLSTATE = /^(57P0[123]|08...)$/;
// P2024: timed out fetching a connection; P2028: could not start (maxWait) or finish a transaction in time.
const BUSY_PRISMA_CODES = new Set(["P2024", "P2028", "DOCFLOW_BUSY"]);
// P1001 cannot reach the server, P1002 timed out reaching it, P1017 the server closed the connection.
const DOWN_PRISMA_CODES = new Set(["P1001", "P1002", "P1017"]);
const DOWN_ADAPTER_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout"]);
const DOWN_SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EHOSTUNREACH"]);
// pg and pg-pool throw plain Errors for these.
const BUSY_MESSAGE = /timeout exceeded when trying to connect/i;
const DOWN_MESSAGE = /Connection terminated|Connection ended unexpectedly|Client has encountered a connection error/i;

type Node = {
  code?: unknown;
  kind?: unknown;
  originalCode?: unknown;
  message?: unknown;
  cause?: unknown;
  meta?: { code?: unknown; driverAdapterError?: unknown };
  driverAdapterError?: unknown;
};

function classifyNode(node: Node): Unavailability | null {
  for (const code of [node.code, node.originalCode, node.meta?.code]) {
    if (typeof code !== "string") continue;
    if (BUSY_SQLSTATES.has(code) || BUSY_PRISMA_CODES.has(code)) return "busy";
    if (DOWN_PRISMA_CODES.has(code) || DOWN_SOCKET_CODES.has(code) || DOWN_SQLSTATE.test(code)) return "down";
  }
  if (typeof node.kind === "string") {
    if (DOWN_ADAPTER_KINDS.has(node.kind)) return "down";
    if (node.kind === "TooManyConnections") return "busy";
  }
  if (typeof node.message === "string") {
    if (BUSY_MESSAGE.test(node.message)) return "busy";
    if (DOWN_MESSAGE.test(node.message)) return "down";
  }
  return null;
}

/** Visits the error, its causes and Prisma's wrapped driver errors; returns the first non-null answer of `visit`. */
function searchChain<T>(error: unknown, visit: (node: Node) => T | null): T | null {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0) {
    const current = queue.shift();
    if (!current || typeof current !== "object" || seen.has(current)) continue;
    seen.add(current);
    const node = current as Node;
    const found = visit(node);
    if (found !== null) return found;
    queue.push(node.cause, node.meta?.driverAdapterError, node.driverAdapterError);
    if (current instanceof AggregateError) queue.push(...current.errors);
  }
  return null;
}

/** "busy" (timeouts, full pool), "down" (PostgreSQL unreachable) or null (not an availability problem). */
export function unavailability(error: unknown): Unavailability | null {
  return searchChain(error, classifyNode);
}

/** True for PostgreSQL's lock_timeout (the row stayed locked for the whole allowed wait). */
export function isLockTimeout(error: unknown): boolean {
  return searchChain(error, (node) => (node.code === "55P03" || node.originalCode === "55P03" ? true : null)) ?? false;
}

/** Seconds a client should wait before retrying: a busy row clears quickly, a restart takes longer. */
export function retryAfterSeconds(reason: Unavailability): number {
  return reason === "busy" ? 2 : 5;
}
