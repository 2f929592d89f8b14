import { describe, expect, it } from "vitest";
import { busyWaitSeconds, retryDelay, retryMutation, retryQuery } from "./busy-retry.ts";
import { ApiClientError, retryAfterSeconds } from "./fetch-json.ts";

const error = (status: number, retryAfter: number | null) =>
  new ApiClientError(status, { status: "error", message: "x" }, retryAfter);

describe("a busy server's Retry-After", () => {
  it("is read as seconds, or from an HTTP date", () => {
    expect(retryAfterSeconds("3")).toBe(3);
    expect(retryAfterSeconds(null)).toBeNull();
    expect(retryAfterSeconds("soon")).toBeNull();
    const now = Date.parse("2026-03-10T12:00:00Z");
    expect(retryAfterSeconds("Tue, 10 Mar 2026 12:00:05 GMT", now)).toBe(5);
  });

  it("is waited out before asking again, a few times, for reads and changes alike", () => {
    const busy = error(503, 3);
    expect(busyWaitSeconds(busy)).toBe(3);
    expect(retryDelay(1, busy)).toBe(3000);
    expect([0, 1, 2, 3].map((count) => retryQuery(count, busy))).toEqual([true, true, true, false]);
    expect([0, 1, 2, 3].map((count) => retryMutation(count, busy))).toEqual([true, true, true, false]);
  });

  it("leaves other failures as they were: a read once, a change never", () => {
    for (const other of [
      error(500, null),
      error(503, null),
      error(503, 600),
      error(409, 3),
      new TypeError("offline"),
    ]) {
      expect(busyWaitSeconds(other)).toBeNull();
      expect([retryQuery(0, other), retryQuery(1, other)]).toEqual([true, false]);
      expect(retryMutation(0, other)).toBe(false);
    }
  });
});
