import "server-only";
// The `idempotency` flag of a contract (document/create, the LGPD request): apiRoute hands the handler
// `idempotent.sql(work)` / `idempotent.tx(work)`, bound to the caller, the route's key name and the parsed body, which
// runs the work in one transaction with the Idempotency-Key claimed in it (lib/idempotency) and answers the first
// answer again to a retry. The route only says what the work is.
import type { Sql } from "../../db/raw-query.ts";
import type { Tx } from "../../db/transaction.ts";
import {
  type IdempotencyScope,
  type IdempotentAnswer,
  type IdempotentResult,
  withIdempotency,
  withIdempotencyTx,
} from "../../idempotency/server/idempotency.ts";
import { badRequest, conflict } from "../errors.ts";

export type IdempotentRun = {
  /** `work` in one raw-driver transaction (lib/db/raw-query.ts), the key claimed in it. */
  sql: (work: (query: Sql) => Promise<IdempotentAnswer>) => Promise<Response>;
  /** The same, for work written against a Prisma transaction. */
  tx: (work: (tx: Tx) => Promise<IdempotentAnswer>) => Promise<Response>;
};

/** How one API dialect refuses a key and writes the answer. */
export type IdempotencyDialect = {
  errors: IdempotencyScope["errors"];
  respond: (result: IdempotentResult) => Response;
};

/** The document API's: its error shape, and `Idempotent-Replayed: true` on a replay. */
export const API_IDEMPOTENCY: IdempotencyDialect = {
  errors: {
    invalidKey: () =>
      badRequest("Invalid parameters", [
        { path: "Idempotency-Key", message: "1 to 255 printable ASCII characters, no spaces at either end" },
      ]),
    reusedKey: () => conflict("This Idempotency-Key was already used with a different body"),
  },
  respond: (result) =>
    Response.json(result.body, {
      status: result.status,
      headers: result.replayed ? { "idempotent-replayed": "true" } : {},
    }),
};

export function idempotentRun(scope: Omit<IdempotencyScope, "errors">, dialect: IdempotencyDialect): IdempotentRun {
  const full = { ...scope, errors: dialect.errors };
  return {
    sql: async (work) => dialect.respond(await withIdempotency(full, work)),
    tx: async (work) => dialect.respond(await withIdempotencyTx(full, work)),
  };
}
