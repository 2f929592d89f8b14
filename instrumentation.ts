// Next.js calls register() once when a server starts. The LGPD deletion loop (and the outbox's) runs inside the app process unless
// LGPD_WORKER=off (PostgreSQL deployments with several app servers run `npm run worker` instead).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // Every environment variable validated before the first request (lib/config): one line per problem, then exit 1.
  const { checkConfigOrExit, config } = await import("./lib/config/index.ts");
  checkConfigOrExit("[server] ");
  // Before the first request: stamps each request with its socket's address and TLS flag, and cuts late bodies
  // (lib/http/server/peer-stamp.ts, lib/http/server/slow-body-guard.ts).
  const { installRequestHooks } = await import("./lib/http/server/peer-stamp.ts");
  const { LGPD_BODIES } = await import("./lib/lgpd/bodies.ts");
  const { refuseUploadWithoutValidToken } = await import("./lib/tracking/server/upload-gate.ts");
  // The LGPD API answers a late body in the original service's own body; a customer upload without a validly signed
  // token is refused before its body is read.
  installRequestHooks({
    slowBodyAnswers: [{ pathPrefix: "/api/lgpd/", body: LGPD_BODIES.requestTimeout }],
    gates: [refuseUploadWithoutValidToken],
  });
  if (!config("LGPD_WORKER")) return;
  // Imported here, not at the top, so the edge runtime and `next build` never load the database code. LGPD deletions,
  // the outbox, LGPD access packages and retention runs (lib/ops/server/background-loops.ts); the app server's
  // shutdown stops them all (lib/ops/server/app-server.ts).
  const { startBackgroundLoops } = await import("./lib/ops/server/background-loops.ts");
  startBackgroundLoops({ unref: true });
}
