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
  /** Migrations in prisma/migrations not applied to the database (names only). */
  pending_migrations: z.array(z.string()).optional(),
  oldest_pending_lgpd_seconds: z.number().optional(),
  max_pending_lgpd_seconds: z.number(),
});
export type Readiness = z.infer<typeof ZReadiness>;
