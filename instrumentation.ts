// Next.js calls register() once when a server starts. The LGPD deletion loop runs inside the app process unless
// LGPD_WORKER=off (PostgreSQL deployments with several app servers run `npm run worker` instead).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.LGPD_WORKER === "off") return;
  // Imported here, not at the top, so the edge runtime and `next build` never load the database code.
  const { startDeletionLoop } = await import("./lib/lgpd/processor.ts");
  startDeletionLoop({ unref: true });
}
