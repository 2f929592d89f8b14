import { describe, expect, it } from "vitest";
import { brazilNationalHolidays, easterSunday } from "./brazil-holidays.ts";

describe("Brazil's national holidays", () => {
  it("computes Easter for known years", () => {
    expect(easterSunday(2024).toISOString().slice(0, 10)).toBe("2024-03-31");
    expect(easterSunday(2026).toISOString().slice(0, 10)).toBe("2026-04-05");
  });
  it("lists 2026's dates, moveable ones included", () => {
    const dates = brazilNationalHolidays(2026).map((holiday) => holiday.date);
    expect(dates).toEqual([
      "2026-01-01",
      "2026-02-16",
      "2026-02-17",
      "2026-04-03",
      "2026-04-21",
      "2026-05-01",
      "2026-06-04",
      "2026-09-07",
      "2026-10-12",
      "2026-11-02",
      "2026-11-15",
      "2026-11-20",
      "2026-12-25",
    ]);
  });
});
