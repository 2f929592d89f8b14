// SLA time arithmetic: plain hours, or working hours on a modality's calendar (working intervals per ISO
// weekday in a time zone, minus holidays). Pure functions; callers load the calendar from the database.

import { localTimeToInstant, wallClock } from "../time/zone.ts";

export { DEFAULT_TIME_ZONE } from "../time/zone.ts";

/** Working intervals per ISO weekday ("1" = Monday … "7" = Sunday), local "HH:MM" pairs. */
export type WorkingHours = Partial<Record<string, Array<[string, string]>>>;

export type WorkingCalendar = {
  workingHours: WorkingHours;
  /** Local dates (YYYY-MM-DD) with no working time. */
  holidays: ReadonlySet<string>;
  timeZone: string;
};

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
// A calendar with a few working minutes a week still ends within this many days; beyond it the input is absurd.
const MAX_DAYS_SCANNED = 366 * 20;

function parseClock(value: string): number {
  const match = /^(\d{1,2}):(\d{2})$/.exec(value);
  if (!match) throw new Error(`Invalid time of day: ${value}`);
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  if (minutes > 24 * 60 || Number(match[2]) > 59) throw new Error(`Invalid time of day: ${value}`);
  return minutes;
}

/** Local midnight of the day containing `instant`, expressed as a UTC date number (YYYY-MM-DDT00:00Z). */
function localDay(instant: number, timeZone: string): number {
  const local = wallClock(instant, timeZone);
  return Date.UTC(local.year, local.month - 1, local.day);
}

/** The working intervals [start, end) as instants on the local day `dayUtc`. */
function workingIntervals(dayUtc: number, calendar: WorkingCalendar): Array<[number, number]> {
  const isoDate = new Date(dayUtc).toISOString().slice(0, 10);
  if (calendar.holidays.has(isoDate)) return [];
  const isoWeekday = ((new Date(dayUtc).getUTCDay() + 6) % 7) + 1;
  const ranges = calendar.workingHours[String(isoWeekday)] ?? [];
  return ranges
    .map(([from, to]): [number, number] => [
      localTimeToInstant(dayUtc, parseClock(from), calendar.timeZone),
      localTimeToInstant(dayUtc, parseClock(to), calendar.timeZone),
    ])
    .filter(([from, to]) => to > from)
    .sort((a, b) => a[0] - b[0]);
}

function hasWorkingTime(calendar: WorkingCalendar): boolean {
  return Object.values(calendar.workingHours).some((ranges) =>
    (ranges ?? []).some(([from, to]) => parseClock(to) > parseClock(from)),
  );
}

/**
 * `start` plus `hours` of service time: plain hours without a calendar, working hours on it otherwise.
 * Negative hours are not meaningful for an SLA and are treated as zero.
 */
export function addServiceHours(start: Date, hours: number, calendar: WorkingCalendar | null): Date {
  const amount = Math.max(0, hours) * HOUR_MS;
  if (!calendar || !hasWorkingTime(calendar)) return new Date(start.getTime() + amount);
  let remaining = amount;
  let cursor = start.getTime();
  let day = localDay(cursor, calendar.timeZone);
  for (let scanned = 0; scanned < MAX_DAYS_SCANNED; scanned += 1, day += DAY_MS) {
    for (const [from, to] of workingIntervals(day, calendar)) {
      if (to <= cursor) continue;
      const begin = Math.max(from, cursor);
      if (to - begin >= remaining) return new Date(begin + remaining);
      remaining -= to - begin;
      cursor = to;
    }
  }
  throw new Error("SLA calendar has too little working time to reach the deadline");
}

/** Service time between two instants, in hours (0 when `to` is not after `from`). */
export function serviceHoursBetween(from: Date, to: Date, calendar: WorkingCalendar | null): number {
  const start = from.getTime();
  const end = to.getTime();
  if (end <= start) return 0;
  if (!calendar || !hasWorkingTime(calendar)) return (end - start) / HOUR_MS;
  let total = 0;
  for (let day = localDay(start, calendar.timeZone); day <= end; day += DAY_MS) {
    for (const [begin, finish] of workingIntervals(day, calendar)) {
      const overlap = Math.min(finish, end) - Math.max(begin, start);
      if (overlap > 0) total += overlap;
    }
  }
  return total / HOUR_MS;
}
