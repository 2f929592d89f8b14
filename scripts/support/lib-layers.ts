// The layers of lib/, from the bottom: what a folder may import is its own layer and the ones below
// (docs/architecture.md "Layers"). scripts/upward-imports.ts counts the imports against them, and
// scripts/trip-files.ts walks a background trip through the domain layer and the job engine.
export const LAYERS: string[][] = [
  // Foundations: no domain, no database.
  ["config", "log", "errors", "time", "identifiers", "csv", "i18n"],
  // The database, the process's caches and the pure rules every domain shares.
  ["db", "cache", "metrics", "sla", "calendar", "columns"],
  // The platform: jobs, the route wrapper, who acts and what is audited.
  ["jobs", "idempotency", "auth", "audit", "http"],
  // The domains.
  [
    "catalog",
    "settings",
    "documents",
    "outbox",
    "webhooks",
    "lgpd",
    "retention",
    "tracking",
    "apis",
    "compat",
    "saved-filters",
    "account",
    "dashboard",
    "sso",
  ],
  // What puts it all together: the process, the CLI, the seeds, the browser's client and the API reference.
  ["ops", "seed", "cli", "api-client", "api-docs"],
];

/** The domain layer: the folders that hold a feature's own rules. */
export const DOMAIN_FOLDERS: readonly string[] = LAYERS[3]!;
