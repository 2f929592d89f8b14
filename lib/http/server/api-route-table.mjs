// Build time (next.config.js): the /api route table — each route.ts's path pattern and the HTTP methods it exports —
// so proxy.ts can answer unknown paths (404) and unexported methods (405 + Allow) in the API's JSON shape instead of
// Next's HTML page and empty 405. Read from the source files, so it never drifts from the routes.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const METHODS = ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"];
const EXPORTED = new RegExp(
  `export\\s+(?:const|let|async\\s+function|function)\\s+(${METHODS.join("|")})\\b|\\bas\\s+(${METHODS.join("|")})\\b`,
  "g",
);

/** The files below `dir` (at any depth) whose name passes `test`: the routes' and the contracts' scans share it. */
export function* filesBelow(dir, test) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesBelow(full, test);
    else if (test(entry.name)) yield full;
  }
}

/** @returns {Array<[string, string[]]>} `["/api/documents/[id]", ["GET", "PATCH"]]`, … */
export function scanApiRoutes(appDir) {
  /** @type {Array<[string, string[]]>} */
  const routes = [];
  for (const file of filesBelow(path.join(appDir, "api"), (name) => /^route\.(ts|tsx|js|mjs)$/.test(name))) {
    const methods = new Set();
    for (const match of readFileSync(file, "utf8").matchAll(EXPORTED)) methods.add(match[1] ?? match[2]);
    const segments = path
      .relative(appDir, path.dirname(file))
      .split(path.sep)
      .filter((segment) => !/^\(.*\)$/.test(segment)); // route groups do not appear in URLs
    routes.push([`/${segments.join("/")}`, [...methods].sort()]);
  }
  return routes.sort(([a], [b]) => a.localeCompare(b));
}
