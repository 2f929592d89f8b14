// The answer schemas of the operations routes (health, readiness). Shared, no server imports.
import { z } from "zod";

export const ZHealth = z.strictObject({ status: z.literal("ok"), uptime_seconds: z.int() });

/** 200 when ready, 503 (same shape) otherwise. */
export const ZReadiness = z.strictObject({
  status: z.enum(["ready", "not_ready"]),
  checks: z.strictObject({
    database: z.enum(["ok", "unreachable"]),
    migrations: z.enum(["ok", "pending", "unknown"]),
    lgpd_queue: z.enum(["ok", "stuck", "unknown"]),
    shutting_down: z.boolean(),
  }),
  /** The rest only for a bearer of METRICS_TOKEN: migrations not applied (names only), LGPD queue ages. */
  pending_migrations: z.array(z.string()).optional(),
  oldest_pending_lgpd_seconds: z.number().optional(),
  overdue_lgpd_seconds: z.number().optional(),
  max_overdue_lgpd_seconds: z.number().optional(),
});
export type Readiness = z.infer<typeof ZReadiness>;
