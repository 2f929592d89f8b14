// Wall-clock arithmetic in an IANA time zone without a library: the one place that turns local dates and times into
// instants. Pure; used by the SLA calendar, date-range filters (server and browser) and protocols.

/** Where the business runs: protocols, calendars without their own zone and the UI use it. */
export const DEFAULT_TIME_ZONE = "America/Sao_Paulo";

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock fields of an instant in a time zone. */
export function wallClock(instant: number, timeZone: string) {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** Milliseconds the zone's wall clock is ahead of UTC at `instant` (negative west of Greenwich). */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const local = wallClock(instant, timeZone);
  const asUtc = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant when the wall clock in `timeZone` shows `minutes` past midnight of the local day `dayUtc` (that day's
 * date as a UTC midnight). Two passes, so a DST change on that day is honoured.
 */
export function localTimeToInstant(dayUtc: number, minutes: number, timeZone: string): number {
  const guess = dayUtc + minutes * 60_000;
  const first = guess - zoneOffsetMs(guess, timeZone);
  return guess - zoneOffsetMs(first, timeZone);
}
