// npm run bench [-- <name>…] — runs the benchmarks in bench/ (all when no name is given) and prints their figures.
// Domain modules are marked `import "server-only"`; outside Next that marker would throw, so it resolves to an
// empty module here (the benchmarks call the same functions the route handlers call).
import "../scripts/support/allow-server-only.ts";

const BENCHMARKS: Record<string, () => Promise<{ run: () => Promise<void> }>> = {
  "documents-search": () => import("./documents-search.ts"),
  embedded: () => import("./embedded.ts"),
  "lgpd-access": () => import("./lgpd-access.ts"),
  "lgpd-erasure": () => import("./lgpd-erasure.ts"),
  retention: () => import("./retention-run.ts"),
  "live-polling": () => import("./live-polling.ts"),
  api: () => import("./api.ts"),
  "staff-reads": () => import("./staff-reads.ts"),
  "audit-search": () => import("./audit-search.ts"),
  jobs: () => import("./jobs/jobs.ts"),
  "text-search": () => import("./text-search.ts"),
};

const wanted = process.argv.slice(2).filter((arg) => !arg.startsWith("-"));
const names = wanted.length ? wanted : Object.keys(BENCHMARKS);
for (const name of names) {
  const load = BENCHMARKS[name];
  if (!load) {
    console.error(`unknown benchmark "${name}"; known: ${Object.keys(BENCHMARKS).join(", ")}`);
    process.exit(2);
  }
  console.log(`\n# ${name}`);
  await (await load()).run();
}
process.exit(0);
