import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

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
  {
    // Domain code throws AppError (lib/errors/app-error.ts); HTTP statuses belong to the route layer (issue 11).
    files: ["lib/**/*.ts"],
    ignores: [
      "lib/http/**",
      "lib/idempotency/route-glue.ts",
      "lib/lgpd/http.ts",
      "lib/tracking/public-route.ts",
      "lib/api-client/**",
    ],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/http/errors.ts", "@/lib/http/errors.ts"],
              message: "Throw AppError from lib/errors/app-error.ts: the route layer maps it to HTTP.",
            },
          ],
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
