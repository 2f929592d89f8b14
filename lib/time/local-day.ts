// Calendar days as the staff read them (America/Sao_Paulo): a zod field for YYYY-MM-DD and the instants a local day
// starts and ends, for "created between" filters. Pure; used by the browser and the server.
import { z } from "zod";
import { DEFAULT_TIME_ZONE } from "../sla/calendar.ts";

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
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  let instant = midnightUtc;
  for (let i = 0; i < 3; i += 1) instant = midnightUtc - offsetAt(instant, timeZone);
  return new Date(instant);
}

/** The instant the day after `day` starts: the exclusive end of a date range that includes `day`. */
export function localDayEnd(day: string, timeZone = DEFAULT_TIME_ZONE): Date {
  const next = new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
  return localDayStart(next, timeZone);
}

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

function offsetAt(instant: number, timeZone: string): number {
  let formatter = offsetFormatters.get(timeZone);
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
    offsetFormatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return wall - Math.floor(instant / 1000) * 1000;
}
