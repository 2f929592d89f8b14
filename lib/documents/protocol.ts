import type { Tx } from "../db/transaction.ts";
import { DEFAULT_TIME_ZONE } from "../sla/calendar.ts";

const dayFormatter = new Intl.DateTimeFormat("en-CA", {
  timeZone: DEFAULT_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The next protocol of the instance: the São Paulo date and that day's sequence, e.g. 20261123-000042. */
export async function nextProtocol(tx: Tx, instanceId: number, now: Date): Promise<string> {
  const day = dayFormatter.format(now).replaceAll("-", "");
  const [row] = await tx.$queryRaw<Array<{ value: number }>>`
    INSERT INTO "ProtocolCounter" ("instanceId", "day", "value") VALUES (${instanceId}, ${day}, 1)
    ON CONFLICT ("instanceId", "day") DO UPDATE SET "value" = "ProtocolCounter"."value" + 1
    RETURNING "value"`;
  return `${day}-${String(row!.value).padStart(6, "0")}`;
}
