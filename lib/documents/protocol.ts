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
 * SQL for CTEs ending in `p`, the instance's next protocol sequence of the day (`value`); the protocol is
 * day || '-' || lpad(value, 6, '0'), e.g. 20261123-000042. The day's row is updated when it exists (`pu`) and inserted
 * only when it does not (`pi`, `ON CONFLICT` for two first writes of a day). A plain UPDATE queues its waiters on the
 * row in order; `INSERT … ON CONFLICT DO UPDATE` on every call made each waiter start its insert again at every
 * commit, and with the modality no longer taken for update (workflow.ts modalitySql) every create meets this row.
 */
export const protocolValueSql = (instanceParam: string, dayParam: string) => `
  pu AS (UPDATE "ProtocolCounter" SET "value" = "value" + 1
    WHERE "instanceId" = ${instanceParam} AND "day" = ${dayParam}
    RETURNING "value"),
  pi AS (INSERT INTO "ProtocolCounter" ("instanceId", "day", "value")
    SELECT ${instanceParam}, ${dayParam}, 1 WHERE NOT EXISTS (SELECT 1 FROM pu)
    ON CONFLICT ("instanceId", "day") DO UPDATE SET "value" = "ProtocolCounter"."value" + 1
    RETURNING "value"),
  p AS (SELECT "value" FROM pu UNION ALL SELECT "value" FROM pi)`;
