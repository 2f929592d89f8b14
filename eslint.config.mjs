import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

// The database (Prisma client, generated types, raw SQL helpers) is reached only from the server side.
const DATABASE = [
  {
    regex: "(^|/)db/|^@prisma/",
    message: "The database is server-side: call a use-case of lib/<area>/server/ (or put this code there).",
  },
];
// Server modules stay out of the browser's reach: client code and the shared files of an area import none.
const SERVER_MODULES = [
  {
    regex: "(^|/)server/",
    message: "Server module: client code and shared files (lib/<area>/*.ts) import only shared files.",
  },
];
// Shared files (lib/<area>/*.ts) run in the browser too: no server-only marker, no Node built-ins.
const NODE_ONLY = [
  {
    regex: "^(server-only|node:.*|nodemailer|prom-client|pg|next/headers)$",
    message: "Shared files run in the browser too: move this code to lib/<area>/server/.",
  },
];
// Domain code throws AppError (lib/errors/app-error.ts); HTTP statuses belong to the route layer.
const HTTP_ERRORS = [
  {
    group: ["**/http/errors.ts", "@/lib/http/errors.ts"],
    message: "Throw AppError from lib/errors/app-error.ts: the route layer maps it to HTTP.",
  },
];
const SOURCES = ["**/*.{ts,tsx,mts,mjs,js}"];
const SHARED = ["lib/*.{ts,tsx,mts}", "lib/*/*.{ts,tsx,mts}"];
const CLIENT = ["components/**", "lib/api-client/**"];
const SERVER_SIDE = ["lib/*/server/**"];
// The HTTP layer and its route glue map errors to HTTP themselves.
const HTTP_LAYER = [
  "lib/http/server/**",
  "lib/idempotency/server/route-glue.ts",
  "lib/lgpd/server/http.ts",
  "lib/tracking/server/upload-gate.ts",
];
// Tooling around the app, and the tests, may reach the database directly.
const TOOLING = ["scripts/**", "tests/**", "bench/**", "e2e/**", "prisma/**", "lib/**/*.test.ts"];

const restrictImports = (files, ...fences) => ({
  files,
  rules: { "no-restricted-imports": fences.length ? ["error", { patterns: fences.flat() }] : "off" },
});

/**
 * From the widest file group to the narrowest: a later block replaces an earlier one's options for the files it
 * matches, so each block lists every fence that applies to its files.
 */
const importFences = () => [
  restrictImports(SOURCES, DATABASE),
  restrictImports(["lib/**"], DATABASE, HTTP_ERRORS),
  restrictImports(SHARED, DATABASE, SERVER_MODULES, NODE_ONLY, HTTP_ERRORS),
  restrictImports(["lib/http/*"], DATABASE, SERVER_MODULES, NODE_ONLY),
  restrictImports(CLIENT, DATABASE, SERVER_MODULES),
  restrictImports([...SERVER_SIDE, "lib/db/**"], HTTP_ERRORS),
  restrictImports([...HTTP_LAYER, ...TOOLING]),
];

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [
      "lib/db/generated/**",
      ".next/**",
      "data/**",
      "node_modules/**",
      "test-results/**",
      "playwright-report/**",
      "next-env.d.ts",
    ],
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  // Import fences (docs/architecture.md "Layers"). ESLint keeps one set of options per rule and file, so
  // each block below names every fence that applies to its files (restrictImports).
  ...importFences(),
  {
    // One transaction door: inTransaction (lib/db/transaction.ts: retries on deadlock or serialization failure, bounded
    // waits) or lib/db's raw-SQL runners (rawTransaction, session.transaction), which write BEGIN/COMMIT once
    // (sql-session.ts). The seeds take the caller's own client, outside the request paths.
    files: ["app/**", "components/**", "lib/**", "scripts/**"],
    ignores: ["lib/db/**", "lib/seed/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[property.name='$transaction']",
          message: "Open transactions through inTransaction (lib/db/transaction.ts): its retries and timeouts.",
        },
        {
          selector: "Literal[value=/^\\s*BEGIN\\b/i], TemplateElement[value.raw=/^\\s*BEGIN\\b/i]",
          message:
            "Open transactions through lib/db (rawTransaction, session.transaction): BEGIN is written once there.",
        },
      ],
    },
  },
  {
    // Tests read untyped JSON answers; `any` there keeps assertions readable.
    files: ["tests/**", "e2e/**", "bench/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
];
export default config;
