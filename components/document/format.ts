"use client";
// Formatting shared by the document page's components (dates in America/Sao_Paulo come from the IntlProvider).
import { useFormatter, useTranslations } from "use-intl";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "2 d 3 h", "3 h 20 min", "20 min": the two largest units of a positive duration. */
export function useDuration() {
  const t = useTranslations("document.sla");
  return (ms: number) => {
    const total = Math.max(0, ms);
    const days = Math.floor(total / DAY);
    const hours = Math.floor((total % DAY) / HOUR);
    const minutes = Math.floor((total % HOUR) / MINUTE);
    if (days > 0)
      return [t("days", { count: days }), hours > 0 ? t("hours", { count: hours }) : null].filter(Boolean).join(" ");
    if (hours > 0)
      return [t("hours", { count: hours }), minutes > 0 ? t("minutes", { count: minutes }) : null]
        .filter(Boolean)
        .join(" ");
    return t("minutes", { count: minutes });
  };
}

/** Date and time in São Paulo, short: 23/11/2026 14:05. */
export function useDateTime() {
  const format = useFormatter();
  return (iso: string | null | undefined) =>
    iso ? format.dateTime(new Date(iso), { dateStyle: "short", timeStyle: "short" }) : "—";
}

/** A calendar date (YYYY-MM-DD, no time zone) in the locale's short form. */
export function useCalendarDate() {
  const format = useFormatter();
  return (value: string) => {
    const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
    if (!match) return value;
    return format.dateTime(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))), {
      dateStyle: "short",
      timeZone: "UTC",
    });
  };
}

export function useBytes() {
  const format = useFormatter();
  return (bytes: number) => {
    if (bytes < 1024) return `${format.number(bytes)} B`;
    if (bytes < 1024 * 1024) return `${format.number(bytes / 1024, { maximumFractionDigits: 1 })} KB`;
    return `${format.number(bytes / (1024 * 1024), { maximumFractionDigits: 1 })} MB`;
  };
}

/** Any JSON value as one line of text. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  return JSON.stringify(value);
}
