// What staff see as a deletion request's state. The status API keeps the four statuses of the original service, where
// a denial is an "error" with the officer's reason; for the officer a denial is an answer, not a failure: "Negada",
// counted as answered (deadline.ts), never offered a retry. Shared by the browser (no server imports).

/** The API's statuses, and the denial staff see apart. */
export const LGPD_SHOWN_STATUSES = ["pending", "done", "not_found", "error", "denied"] as const;
export type LgpdShownStatus = (typeof LGPD_SHOWN_STATUSES)[number];

export function shownStatus(request: {
  status: "pending" | "done" | "not_found" | "error";
  review?: string | null;
}): LgpdShownStatus {
  return request.status === "error" && request.review === "denied" ? "denied" : request.status;
}
