"use client";

import { useLocale } from "use-intl";
import { ISO_WEEKDAYS } from "@/lib/settings/schemas.ts";

/** Weekday names keyed by ISO weekday ("1" = Monday), in the user's language. */
export function useWeekdayNames(width: "long" | "short"): Record<string, string> {
  const locale = useLocale();
  const formatter = new Intl.DateTimeFormat(locale, { weekday: width, timeZone: "UTC" });
  // 2024-01-01 was a Monday.
  return Object.fromEntries(
    ISO_WEEKDAYS.map((day) => [day, capitalize(formatter.format(new Date(Date.UTC(2024, 0, Number(day)))))]),
  );
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1).replace(/\.$/, "");
