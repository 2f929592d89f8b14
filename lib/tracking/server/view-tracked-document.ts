import "server-only";
import type { CustomerContext } from "../../auth/use-case-context.ts";
import { trackingView } from "./view.ts";

/** The tracking page opened from an e-mail link or refreshed: a valid token → the view; otherwise "not found". */
export async function viewTrackedDocument(_ctx: CustomerContext, input: { token: string }) {
  return trackingView(input.token);
}
