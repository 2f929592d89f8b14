// The legal deadline of a deletion request (LGPD art. 19, II: a complete answer within 15 days of the request),
// computed from the request's own times so it needs no stored column. Shared by the browser (no server-only).

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export type DeadlineState =
  /** Not answered yet, deadline ahead. */
  | "open"
  /** Not answered yet, deadline passed. */
  | "overdue"
  /** Answered (done / nothing found) by the deadline. */
  | "met"
  /** Answered after the deadline. */
  | "missed";

type RequestDeadline = {
  deadline: Date;
  state: DeadlineState;
  /** Time to the deadline (open) or past it (overdue / missed), in whole days and, under a day, whole hours. */
  days: number;
  hours: number;
};

/** Answered requests are `done` or `not_found`; `pending` and `error` still owe the data subject an answer. */
export function requestDeadline(
  request: {
    status: string;
    requested_at: string;
    processed_at: string | null;
    received_at?: string | null;
    /** A deletion the officer denied (status error) was answered: with the reason. */
    review?: string | null;
  },
  days: number,
  now: Date,
): RequestDeadline {
  // A request entered by hand counts from the day it was received (by e-mail or letter), not from its entry.
  const deadline = new Date(Date.parse(request.received_at ?? request.requested_at) + days * DAY_MS);
  const answered = request.status === "done" || request.status === "not_found" || request.review === "denied";
  const answeredAt = answered && request.processed_at ? new Date(request.processed_at) : null;
  const reference = answeredAt ?? now;
  const late = reference.getTime() > deadline.getTime();
  const gap = Math.abs(deadline.getTime() - reference.getTime());
  const state: DeadlineState = answeredAt ? (late ? "missed" : "met") : late ? "overdue" : "open";
  return { deadline, state, days: Math.floor(gap / DAY_MS), hours: Math.floor(gap / HOUR_MS) };
}
