/** @type {import('next').NextConfig} */
const nextConfig = {
  // The embedded database and the pg driver stay outside the bundles (their WASM and native-ish parts load from node_modules).
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "@prisma/adapter-pg", "pg"],
  poweredByHeader: false,
  typedRoutes: false,
  // `npm test` type-checks with `tsc --noEmit` first; repeating it in every build would add ~30 s to a first `npm start`.
  typescript: { ignoreBuildErrors: true },
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
