// The PostgreSQL extensions the migrations create (CREATE EXTENSION), which PGlite can only run when their code is
// loaded as the database opens. Every place that opens a PGlite database passes these options — the app, the
// migration engine's shadow database and a restored backup — or a migration or an index on them fails.
import type { PGliteOptions } from "@electric-sql/pglite";

export async function pgliteExtensions(): Promise<NonNullable<PGliteOptions["extensions"]>> {
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  return { pg_trgm };
}
