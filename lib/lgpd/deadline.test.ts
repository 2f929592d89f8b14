import { describe, expect, it } from "vitest";
import { requestDeadline } from "./deadline.ts";

const requested_at = "2026-11-01T12:00:00.000Z";

describe("requestDeadline", () => {
  it("counts calendar days from the request and says how long is left while unanswered", () => {
    const result = requestDeadline(
      { status: "pending", requested_at, processed_at: null },
      15,
      new Date("2026-11-10T18:00:00Z"),
    );
    expect(result.deadline.toISOString()).toBe("2026-11-16T12:00:00.000Z");
    expect(result).toMatchObject({ state: "open", days: 5, hours: 5 * 24 + 18 });
  });

  it("is overdue once the deadline passed without an answer; errors still owe one", () => {
    const result = requestDeadline(
      { status: "error", requested_at, processed_at: "2026-11-02T12:00:00Z" },
      15,
      new Date("2026-11-18T13:00:00Z"),
    );
    expect(result).toMatchObject({ state: "overdue", days: 2, hours: 49 });
  });

  it("judges answered requests by when they were processed, not by now", () => {
    const now = new Date("2027-01-01T00:00:00Z");
    expect(requestDeadline({ status: "done", requested_at, processed_at: "2026-11-03T00:00:00Z" }, 15, now).state).toBe(
      "met",
    );
    expect(
      requestDeadline({ status: "not_found", requested_at, processed_at: "2026-11-20T12:00:00Z" }, 15, now),
    ).toMatchObject({ state: "missed", days: 4 });
  });

  it("follows the configured number of days", () => {
    const result = requestDeadline({ status: "pending", requested_at, processed_at: null }, 5, new Date(requested_at));
    expect(result.deadline.toISOString()).toBe("2026-11-06T12:00:00.000Z");
  });
});

describe("lgpdDeadlineDays", () => {
  it("is 15 by default, follows LGPD_DEADLINE_DAYS and refuses a value outside 1–365 (lib/config)", async () => {
    const { ConfigError } = await import("../config/index.ts");
    const { lgpdDeadlineDays } = await import("./config.ts");
    const saved = process.env.LGPD_DEADLINE_DAYS;
    try {
      delete process.env.LGPD_DEADLINE_DAYS;
      expect(lgpdDeadlineDays()).toBe(15);
      process.env.LGPD_DEADLINE_DAYS = "10";
      expect(lgpdDeadlineDays()).toBe(10);
      process.env.LGPD_DEADLINE_DAYS = "0";
      expect(lgpdDeadlineDays).toThrow(ConfigError);
      expect(lgpdDeadlineDays).toThrow("LGPD_DEADLINE_DAYS must be at least 1");
      process.env.LGPD_DEADLINE_DAYS = "not a number";
      expect(lgpdDeadlineDays).toThrow("LGPD_DEADLINE_DAYS must be a number");
    } finally {
      if (saved === undefined) delete process.env.LGPD_DEADLINE_DAYS;
      else process.env.LGPD_DEADLINE_DAYS = saved;
    }
  });

  it("counts a request entered by hand from the day it was received, and a denied deletion as answered", () => {
    const received = requestDeadline(
      { status: "pending", requested_at, processed_at: null, received_at: "2026-10-20T03:00:00.000Z" },
      15,
      new Date("2026-11-10T18:00:00Z"),
    );
    expect(received.deadline.toISOString()).toBe("2026-11-04T03:00:00.000Z");
    expect(received.state).toBe("overdue");
    const denied = { status: "error", requested_at, processed_at: "2026-11-05T12:00:00Z" };
    const now = new Date("2026-12-01T00:00:00Z");
    expect(requestDeadline(denied, 15, now).state).toBe("overdue");
    expect(requestDeadline({ ...denied, review: "denied" }, 15, now).state).toBe("met");
  });
});
