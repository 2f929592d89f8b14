import { DEFAULT_TIME_ZONE } from "../sla/calendar.ts";

const dayFormatter = new Intl.DateTimeFormat("en-CA", {
  timeZone: DEFAULT_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The São Paulo date of `now` as the protocol's prefix, e.g. 20261123. */
export function protocolDay(now: Date): string {
  return dayFormatter.format(now).replaceAll("-", "");
}

/**
 * SQL for a CTE that takes the instance's next protocol sequence of the day (`value`); the protocol is
 * day || '-' || lpad(value, 6, '0'), e.g. 20261123-000042.
 */
export const nextProtocolValueSql = (instanceParam: string, dayParam: string) => `
  INSERT INTO "ProtocolCounter" ("instanceId", "day", "value") VALUES (${instanceParam}, ${dayParam}, 1)
  ON CONFLICT ("instanceId", "day") DO UPDATE SET "value" = "ProtocolCounter"."value" + 1
  RETURNING "value"`;
