"use client";

import { useFormatter } from "use-intl";

/** Formats ISO instants for staff (short date and time, America/Sao_Paulo from the IntlProvider). */
export function useDateTime() {
  const format = useFormatter();
  return (iso: string | null | undefined, fallback = "—") =>
    iso ? format.dateTime(new Date(iso), { dateStyle: "short", timeStyle: "short" }) : fallback;
}
