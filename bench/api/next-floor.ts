// Next's floor: what Next itself costs a document-API call on this machine, measured beside the app and the lean
// baseline in the same run. A bare Next app (this file writes it into a temporary folder and builds it with the
// project's Next and Turbopack, as the app is built) with one route handler per document route that reads the JSON body
// and answers, with no database, no authentication, no proxy.ts, no instrumentation and no config, the answer the
// baseline gave to one call of that route. No app built on Next route handlers can serve more than this; the app's
// distance to it is our own work (the query, authentication, masking, logging), the floor's distance to the baseline
// is Next's.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

// The answer's key is floorAnswerKey's rule, written again in the generated JavaScript (it cannot import this file).
const ROUTE_HANDLER = `// Reads the JSON body as every document route does, then answers the baseline's answer for that call.
const answers = JSON.parse(process.env.NEXT_FLOOR_ANSWERS ?? "{}");
export async function POST(request) {
  const body = await request.json();
  const key = new URL(request.url).pathname + (body && body.categories ? "+categories" : "");
  return new Response(answers[key] ?? "{}", { headers: { "content-type": "application/json" } });
}
`;

/** The answer each floor route gives, keyed by path (and "+categories" for a loadByCPF call that names categories). */
export type FloorAnswers = Record<string, string>;

export function floorAnswerKey(pathname: string, body: unknown): string {
  const categories = (body as { categories?: unknown } | null)?.categories;
  return pathname + (categories ? "+categories" : "");
}

/**
 * Writes the bare app for `paths` into a new temporary folder and builds it with `node` (the project's Next, through a
 * link to its node_modules). Returns the folder, for `next start <folder>`.
 */
export function buildNextFloor(node: string, paths: string[]): string {
  const dir = mkdtempSync(path.join(tmpdir(), "docflow-next-floor-"));
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "next-floor", private: true, type: "module" }));
  // Turbopack resolves only inside its root; the root "/" lets it follow the link to the project's node_modules.
  writeFileSync(
    path.join(dir, "next.config.js"),
    `export default { poweredByHeader: false, turbopack: { root: "/" } };\n`,
  );
  symlinkSync(path.resolve("node_modules"), path.join(dir, "node_modules"), "dir");
  mkdirSync(path.join(dir, "app"));
  writeFileSync(
    path.join(dir, "app", "layout.js"),
    `export default function Layout({ children }) { return children; }\n`,
  );
  for (const route of new Set(paths)) {
    const folder = path.join(dir, "app", ...route.split("/").filter(Boolean));
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, "route.js"), ROUTE_HANDLER);
  }
  const build = spawnSync(node, [path.resolve("node_modules/next/dist/bin/next"), "build", dir], {
    encoding: "utf8",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production" },
  });
  if (build.status !== 0) throw new Error(`Next's floor did not build:\n${build.stdout}\n${build.stderr}`);
  return dir;
}
