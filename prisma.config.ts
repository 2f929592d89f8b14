// Prisma's CLI wants to download a native schema engine, which this offline setup cannot do.
// `prisma generate` does not need it; migrations run through the WebAssembly engine (scripts/db-migrate.ts).
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= "/bin/false";

import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});
