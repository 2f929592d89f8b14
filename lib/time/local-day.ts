// Calendar days as the staff read them (America/Sao_Paulo): a zod field for YYYY-MM-DD and the instants a local day
// starts and ends, for "created between" filters. Pure; used by the browser and the server.
import { z } from "zod";
import { DEFAULT_TIME_ZONE, localTimeToInstant } from "./zone.ts";

const DAY_MS = 86_400_000;

/** A calendar day (YYYY-MM-DD), read in America/Sao_Paulo by the filters. */
export const localDayField = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Expected a date YYYY-MM-DD")
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && isRealDay(value), "Not a calendar date");

function isRealDay(value: string): boolean {
  return new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;
}

/** The instant local midnight starts on `day` in `timeZone` (handles any UTC offset, DST included). */
export function localDayStart(day: string, timeZone = DEFAULT_TIME_ZONE): Date {
  return new Date(localTimeToInstant(Date.parse(`${day}T00:00:00Z`), 0, timeZone));
}

/** The instant the day after `day` starts: the exclusive end of a date range that includes `day`. */
export function localDayEnd(day: string, timeZone = DEFAULT_TIME_ZONE): Date {
  return new Date(localTimeToInstant(Date.parse(`${day}T00:00:00Z`) + DAY_MS, 0, timeZone));
}

/** `{gte, lt}` for the days `from`…`to` (both inclusive, either optional), for a Prisma date filter. */
export function localDayRange(from?: string | null, to?: string | null, timeZone = DEFAULT_TIME_ZONE) {
  return {
    ...(from ? { gte: localDayStart(from, timeZone) } : {}),
    ...(to ? { lt: localDayEnd(to, timeZone) } : {}),
  };
}
