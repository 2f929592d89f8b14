import { describe, expect, it } from "vitest";
import { cutoffOf } from "./period.ts";

describe("the retention period's cutoff on the calendar", () => {
  it("counts years as calendar years across a leap day, not 365 days", () => {
    const now = new Date("2028-03-01T12:00:00.000Z");
    expect(cutoffOf({ years: 1, months: 0, days: 0 }, now).toISOString()).toBe("2027-03-01T12:00:00.000Z");
    expect(cutoffOf({ years: 5, months: 0, days: 0 }, now).toISOString()).toBe("2023-03-01T12:00:00.000Z");
  });

  it("moves a month-end that the target month lacks to that month's last day, then subtracts the days", () => {
    const now = new Date("2026-03-31T08:30:00.000Z");
    expect(cutoffOf({ years: 0, months: 1, days: 0 }, now).toISOString()).toBe("2026-02-28T08:30:00.000Z");
    expect(cutoffOf({ years: 0, months: 13, days: 2 }, now).toISOString()).toBe("2025-02-26T08:30:00.000Z");
    expect(cutoffOf({ years: 0, months: 0, days: 10 }, now).toISOString()).toBe("2026-03-21T08:30:00.000Z");
  });
});
