// POST /api/tracking/lookup — the tracking page's form: {protocol, identifier} (CPF/CNPJ as the customer types it).
// No auth. Answers {token, view}, or the same 404 for a wrong protocol or a wrong identifier; failures are throttled
// per protocol and per address (429 + Retry-After).
import { ApiError } from "@/lib/http/errors.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import {
  trackingLockedForSeconds,
  recordTrackingFailure,
  trackingThrottleKeys,
} from "@/lib/tracking/server/throttle.ts";
import { findByProtocol, lookupToken, NOT_FOUND_MESSAGE, trackingView } from "@/lib/tracking/server/view.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async ({ body, address }) => {
  const keys = trackingThrottleKeys(body.protocol, address);
  const locked = await trackingLockedForSeconds(keys);
  if (locked > 0) {
    throw new ApiError("TooManyRequests", "Too many attempts, try again later", {
      headers: { "retry-after": String(locked) },
      code: "tracking_throttled",
    });
  }
  const found = await findByProtocol(body.protocol, body.identifier);
  if (!found) {
    await recordTrackingFailure(keys);
    throw new ApiError("NotFound", NOT_FOUND_MESSAGE, { code: "tracking_not_found" });
  }
  const token = lookupToken(found.uuid);
  return { token, view: await trackingView(token) };
});
