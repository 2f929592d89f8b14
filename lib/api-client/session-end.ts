// The two ways a signed-in page leaves its session: the user signs out (to /signin?signedOut=1), or the API answers
// 401 because the session ended elsewhere (to /signin?expired=1). Signing out ends the session on the server before
// the browser navigates away, so a page query in flight then (a live page's poll) is answered 401 too: without the
// flag below, its redirect replaced the sign-out's navigation and the user read "session expired" after signing out.
import { signOut } from "next-auth/react";

let signingOut = false;

/** Signs out (ending the session on the server) and goes to the sign-in page's "signed out" notice. */
export async function signOutToSignIn(): Promise<void> {
  signingOut = true;
  try {
    await signOut({ callbackUrl: "/signin?signedOut=1" });
  } catch (error) {
    // Still signed in (the sign-out call failed): a later 401 means an expired session again.
    signingOut = false;
    throw error;
  }
}

/** An API call was answered 401: back to sign-in with the "session expired" notice, unless the user is signing out. */
export function leaveExpiredSession(): void {
  if (signingOut || typeof window === "undefined") return;
  // A full load of /signin drops every cached query of the ended session.
  // eslint-disable-next-line @next/next/no-location-assign-relative-destination
  window.location.assign("/signin?expired=1");
}
