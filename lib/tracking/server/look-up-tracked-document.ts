import "server-only";
import type { CustomerContext } from "../../auth/use-case-context.ts";
import { notFound, throttled } from "../../errors/app-error.ts";
import type { TrackingLookupInput } from "../schemas.ts";
import { recordTrackingFailure, trackingLockedForSeconds, trackingThrottleKeys } from "./throttle.ts";
import { NOT_FOUND_MESSAGE } from "../not-found.ts";
import { findByProtocol, lookupToken, trackingView } from "./view.ts";

/**
 * The tracking page's form: a protocol and the identifier (CPF/CNPJ as the customer types it) → a short-lived token
 * and the view. A wrong protocol and a wrong identifier are the same "not found"; failures are counted per protocol
 * from the address and per address (throttle.ts), and a locked pair or address is refused before any lookup.
 */
export async function lookUpTrackedDocument(ctx: CustomerContext, input: TrackingLookupInput) {
  const keys = trackingThrottleKeys(input.protocol, ctx.address);
  const locked = await trackingLockedForSeconds(keys);
  if (locked > 0) throw throttled("Too many attempts, try again later", locked, { code: "tracking_throttled" });
  const found = await findByProtocol(input.protocol, input.identifier);
  if (!found) {
    await recordTrackingFailure(keys);
    throw notFound(NOT_FOUND_MESSAGE, { code: "tracking_not_found" });
  }
  const token = lookupToken(found.uuid);
  return { token, view: await trackingView(token) };
}
