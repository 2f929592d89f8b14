import "server-only";
import type { CustomerContext } from "../../auth/use-case-context.ts";
import { notFound, throttled } from "../../errors/app-error.ts";
import type { TrackingLookupInput } from "../schemas.ts";
import {
  recordTrackingFailure,
  trackingLockedForSeconds,
  trackingProtocolCeilingKey,
  trackingThrottleKeys,
} from "./throttle.ts";
import { NOT_FOUND_MESSAGE } from "../not-found.ts";
import { findByProtocol, lookupToken, trackingView } from "./view.ts";

/**
 * The tracking page's form: a protocol and the identifier (CPF/CNPJ as the customer types it) → a short-lived token
 * and the view. A wrong protocol and a wrong identifier are the same "not found"; failures are counted per protocol
 * from the address, per address and per protocol (throttle.ts). A locked pair or address is refused before any
 * lookup ("try again later"); a protocol past its ceiling is refused to everyone alike, pointing to the e-mail link.
 */
export async function lookUpTrackedDocument(ctx: CustomerContext, input: TrackingLookupInput) {
  const keys = trackingThrottleKeys(input.protocol, ctx.address);
  const locked = await trackingLockedForSeconds(keys);
  if (locked > 0) throw throttled("Too many attempts, try again later", locked, { code: "tracking_throttled" });
  const ceiling = trackingProtocolCeilingKey(input.protocol);
  const paused = await trackingLockedForSeconds([ceiling]);
  if (paused > 0) {
    throw throttled("This protocol cannot be looked up with the form for now; use the link sent by e-mail", paused, {
      code: "tracking_use_email_link",
    });
  }
  const found = await findByProtocol(input.protocol, input.identifier);
  if (!found) {
    await recordTrackingFailure([...keys, ceiling]);
    throw notFound(NOT_FOUND_MESSAGE, { code: "tracking_not_found" });
  }
  const token = lookupToken(found);
  return { token, view: await trackingView(token) };
}
