import "server-only";
import { badRequest, conflict } from "../../http/errors.ts";
import type { IdempotentResult } from "./idempotency.ts";

/** Idempotency refusals in the document API's error shape. */
export const API_IDEMPOTENCY_ERRORS = {
  invalidKey: () =>
    badRequest("Invalid parameters", [
      { path: "Idempotency-Key", message: "1 to 255 printable ASCII characters, no spaces at either end" },
    ]),
  reusedKey: () => conflict("This Idempotency-Key was already used with a different body"),
};

/** The answer as a Response; a replay says so in `Idempotent-Replayed: true`. */
export function idempotentResponse(result: IdempotentResult): Response {
  return Response.json(result.body, {
    status: result.status,
    headers: result.replayed ? { "idempotent-replayed": "true" } : {},
  });
}
