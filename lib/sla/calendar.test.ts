import { describe, expect, it } from "vitest";
import { addServiceHours, serviceHoursBetween, type WorkingCalendar } from "./calendar.ts";

const businessHours: WorkingCalendar = {
  workingHours: Object.fromEntries(["1", "2", "3", "4", "5"].map((day) => [day, [["09:00", "18:00"]]])),
  holidays: new Set(["2026-11-20"]), // Dia da Consciência Negra, a Friday
  timeZone: "America/Sao_Paulo",
};
const at = (iso: string) => new Date(iso);

describe("addServiceHours", () => {
  it("adds plain hours without a calendar", () => {
    expect(addServiceHours(at("2026-11-19T12:00:00Z"), 30, null).toISOString()).toBe("2026-11-20T18:00:00.000Z");
  });

  it("counts only working hours, skipping nights, weekends and holidays", () => {
    // Thursday 2026-11-19 16:00 local (19:00Z): 2 h left that day, Friday is a holiday, weekend off,
    // so 4 h ends Monday 2026-11-23 11:00 local = 14:00Z.
    expect(addServiceHours(at("2026-11-19T19:00:00Z"), 4, businessHours).toISOString()).toBe(
      "2026-11-23T14:00:00.000Z",
    );
  });

  it("starts counting at the next opening when created outside working hours", () => {
    // Saturday night → Monday 09:00 local + 9 h = Monday 18:00 local (21:00Z).
    expect(addServiceHours(at("2026-11-21T23:00:00Z"), 9, businessHours).toISOString()).toBe(
      "2026-11-23T21:00:00.000Z",
    );
  });

  it("ends exactly at closing time when the hours fill the day", () => {
    expect(addServiceHours(at("2026-11-23T12:00:00Z"), 9, businessHours).toISOString()).toBe(
      "2026-11-23T21:00:00.000Z",
    );
  });

  it("handles a split day (lunch break)", () => {
    const split: WorkingCalendar = {
      workingHours: {
        "1": [
          ["13:00", "17:00"],
          ["08:00", "12:00"],
        ],
      },
      holidays: new Set(),
      timeZone: "America/Sao_Paulo",
    };
    // Monday 08:00 local + 6 h = 15:00 local (18:00Z).
    expect(addServiceHours(at("2026-11-23T11:00:00Z"), 6, split).toISOString()).toBe("2026-11-23T18:00:00.000Z");
  });

  it("treats a calendar without working time as plain hours", () => {
    const empty: WorkingCalendar = { workingHours: {}, holidays: new Set(), timeZone: "UTC" };
    expect(addServiceHours(at("2026-11-23T00:00:00Z"), 5, empty).toISOString()).toBe("2026-11-23T05:00:00.000Z");
  });
});

describe("serviceHoursBetween", () => {
  it("measures plain hours without a calendar", () => {
    expect(serviceHoursBetween(at("2026-11-19T00:00:00Z"), at("2026-11-20T06:00:00Z"), null)).toBe(30);
  });

  it("measures only working time on the calendar", () => {
    // Thursday 16:00 local → Monday 11:00 local: 2 h Thursday + 0 Friday (holiday) + 2 h Monday.
    expect(serviceHoursBetween(at("2026-11-19T19:00:00Z"), at("2026-11-23T14:00:00Z"), businessHours)).toBe(4);
  });

  it("is the inverse of addServiceHours", () => {
    const start = at("2026-11-18T13:17:00Z");
    for (const hours of [0.5, 3, 9, 17, 40]) {
      const end = addServiceHours(start, hours, businessHours);
      expect(serviceHoursBetween(start, end, businessHours)).toBeCloseTo(hours, 6);
    }
  });

  it("is zero for an empty or reversed range", () => {
    expect(serviceHoursBetween(at("2026-11-23T14:00:00Z"), at("2026-11-23T13:00:00Z"), businessHours)).toBe(0);
  });
});
