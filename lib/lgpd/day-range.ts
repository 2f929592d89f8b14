// Calendar days as staff read them (America/Sao_Paulo) turned into instants for date-range filters.

export const STAFF_TIME_ZONE = "America/Sao_Paulo";

/** Milliseconds the zone's wall clock is ahead of UTC at `date` (negative west of Greenwich). */
function zoneOffsetMs(date: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value);
  const wallAsUtc = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return wallAsUtc - Math.floor(date.getTime() / 1000) * 1000;
}

/** The instant day `YYYY-MM-DD` begins in `timeZone` (two passes, so a DST change that day is honoured). */
export function dayStartInZone(day: string, timeZone = STAFF_TIME_ZONE, addDays = 0): Date {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const midnightUtc = Date.UTC(year, month - 1, date + addDays);
  const first = midnightUtc - zoneOffsetMs(new Date(midnightUtc), timeZone);
  const second = midnightUtc - zoneOffsetMs(new Date(first), timeZone);
  return new Date(second);
}

/** `{gte, lt}` for the days `from`…`to` (both inclusive, either optional) in the staff time zone. */
export function dayRange(from?: string | null, to?: string | null, timeZone = STAFF_TIME_ZONE) {
  return {
    ...(from ? { gte: dayStartInZone(from, timeZone) } : {}),
    ...(to ? { lt: dayStartInZone(to, timeZone, 1) } : {}),
  };
}
