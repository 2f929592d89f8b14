import "server-only";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

// `npm start` builds when there is no build or when a source file changed after the last one. The sources are what
// `next build` reads; tests and docs are not.
const SOURCES = [
  "app",
  "components",
  "lib",
  "messages",
  "public",
  "prisma/schema.prisma",
  "next.config.js",
  "postcss.config.mjs",
  "tsconfig.json",
  "package.json",
  "package-lock.json",
];
const IGNORED = /(^|[\\/])(node_modules|\.next)([\\/]|$)|\.test\.tsx?$/;

type BuildFreshness = { fresh: true } | { fresh: false; reason: string };

export function buildFreshness(root = process.cwd()): BuildFreshness {
  const buildId = path.join(root, ".next", "BUILD_ID");
  if (!existsSync(buildId)) return { fresh: false, reason: "there is no build yet" };
  const builtAt = statSync(buildId).mtimeMs;
  const newer = findNewer(root, SOURCES, builtAt);
  return newer ? { fresh: false, reason: `${newer} changed after the last build` } : { fresh: true };
}

function findNewer(root: string, entries: string[], than: number): string | null {
  for (const entry of entries) {
    const full = path.join(root, entry);
    if (IGNORED.test(entry)) continue;
    let stat;
    try {
      stat = statSync(full);
    } catch {
      continue;
    }
    if (stat.isDirectory()) {
      const children = readdirSync(full).map((child) => path.join(entry, child));
      const found = findNewer(root, children, than);
      if (found) return found;
    } else if (stat.mtimeMs > than) {
      return entry;
    }
  }
  return null;
}
