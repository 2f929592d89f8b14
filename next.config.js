import { fileURLToPath } from "node:url";
import { writeContractIndex } from "./lib/api-docs/server/contract-index.mjs";
import { scanApiRoutes } from "./lib/http/server/api-route-table.mjs";

const appDir = fileURLToPath(new URL("./app", import.meta.url));
// The contract list the OpenAPI document and the reference page are built from, current before every build. A
// read-only checkout (a deployed copy) keeps the committed list.
try {
  writeContractIndex(appDir);
} catch {}

/** @type {import('next').NextConfig} */
const nextConfig = {
  // The embedded database and the pg driver stay outside the bundles (their WASM and native-ish parts load from node_modules).
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "@prisma/adapter-pg", "pg"],
  poweredByHeader: false,
  typedRoutes: false,
  // `npm test` type-checks with `tsc --noEmit` first; repeating it in every build would add ~30 s to a first `npm start`.
  typescript: { ignoreBuildErrors: true },
  // Next gives proxy.ts a copy of every body and cuts what the route then reads at this size: kept above the largest
  // body any route accepts (an attachment, ATTACHMENT_MAX_BYTES, plus multipart overhead), so a cut body is always
  // one the route refuses with 413 anyway.
  experimental: {
    proxyClientMaxBodySize: (Number(process.env.ATTACHMENT_MAX_BYTES) || 10 * 1024 * 1024) + 2 * 1024 * 1024,
  },
  // The /api route table for proxy.ts (JSON 404 for unknown paths, 405 + Allow for unexported methods).
  env: { DOCFLOW_API_ROUTES: JSON.stringify(scanApiRoutes(appDir)) },
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "X-Frame-Options", value: "DENY" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
          { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
        ],
      },
    ];
  },
};

export default nextConfig;
