// Settings of the retention runs (declared in lib/config/variables.ts), read at each use. The lease, heartbeat, poll
// and retry backoff are the LGPD queues' (lib/lgpd/config.ts): the retention loop runs beside them, on the same switch.
import { config } from "../config/index.ts";
import type { JobSettings } from "../jobs/job.ts";
import { lgpdSettings } from "../lgpd/config.ts";

export type RetentionSettings = JobSettings & {
  /** Most documents one run of one rule takes (RETENTION_RUN_CAP). */
  runCap: number;
  /** Hour of the day, America/Sao_Paulo, of the daily run (RETENTION_RUN_HOUR). */
  runHour: number;
  /** Documents per transaction inside a run: each commits on its own, so a run never holds locks for long. */
  chunkSize: number;
};

export function retentionSettings(): RetentionSettings {
  const { delayHours: _ownToDeletions, ...engine } = lgpdSettings();
  return {
    ...engine,
    batchSize: 5,
    // A failed run is tried again an hour later, up to maxAttempts; then the rule waits for its next daily run.
    retryBaseSeconds: 3600,
    retryMaxSeconds: 3600,
    runCap: config("RETENTION_RUN_CAP"),
    runHour: config("RETENTION_RUN_HOUR"),
    chunkSize: 500,
  };
}

/**
 * SQL for the next daily run time after now: today's `runHour` in São Paulo, or tomorrow's once that has passed
 * (Brazil has no daylight saving time since 2019). `$n` is the hour parameter.
 */
export const nextRunSql = (hourParam: string) =>
  `(SELECT CASE WHEN t > now() THEN t ELSE t + interval '1 day' END
      FROM (SELECT (date_trunc('day', now() AT TIME ZONE 'America/Sao_Paulo') + make_interval(hours => ${hourParam}::int))
                   AT TIME ZONE 'America/Sao_Paulo' AS t) AS today)`;
