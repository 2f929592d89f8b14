// npx tsx scripts/upward-imports.ts [--list]: counts the imports between lib/ folders that point from a lower layer
// back up. Each pair of folders (from → to) counts once, however many files import; an import inside one folder, or
// between folders of one layer, is not counted. `--list` prints the upward pairs with the files that make them.
// The layers, from the bottom: what a folder may import is its own layer and the ones below.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const LAYERS: string[][] = [
  // Foundations: no domain, no database.
  ["config", "log", "errors", "time", "identifiers", "csv", "i18n"],
  // The database, the process's caches and the pure rules every domain shares.
  ["db", "cache", "metrics", "sla", "calendar", "columns"],
  // The platform: jobs, the route wrapper, who acts and what is audited.
  ["jobs", "idempotency", "auth", "audit", "http"],
  // The domains.
  [
    "catalog",
    "settings",
    "documents",
    "outbox",
    "webhooks",
    "lgpd",
    "retention",
    "tracking",
    "apis",
    "compat",
    "saved-filters",
    "account",
    "dashboard",
    "sso",
  ],
  // What puts it all together: the process, the CLI, the seeds, the browser's client and the API reference.
  ["ops", "seed", "cli", "api-client", "api-docs"],
];

const ROOT = path.resolve(import.meta.dirname, "..");
const layerOf = new Map(LAYERS.flatMap((folders, layer) => folders.map((folder) => [folder, layer] as const)));
const folderOf = (file: string) =>
  path
    .relative(path.join(ROOT, "lib"), file)
    .split(path.sep)[0]!
    .replace(/\.tsx?$/, "");

function* sourceFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (name === "generated" || name === "node_modules") continue;
    if (statSync(full).isDirectory()) yield* sourceFiles(full);
    else if (/\.tsx?$/.test(name)) yield full;
  }
}

const upward = new Map<string, Set<string>>();
let pairs = new Set<string>();
const unknown = new Set<string>();
for (const file of sourceFiles(path.join(ROOT, "lib"))) {
  const from = folderOf(file);
  for (const [, specifier] of readFileSync(file, "utf8").matchAll(/(?:from|import)\s*\(?\s*"([^"]+)"/g)) {
    const target = specifier!.startsWith("@/")
      ? path.join(ROOT, specifier!.slice(2))
      : specifier!.startsWith(".")
        ? path.resolve(path.dirname(file), specifier!)
        : null;
    if (!target || !target.startsWith(path.join(ROOT, "lib") + path.sep)) continue;
    const to = folderOf(target);
    if (to === from) continue;
    pairs.add(`${from} → ${to}`);
    for (const folder of [from, to]) if (!layerOf.has(folder)) unknown.add(folder);
    if ((layerOf.get(from) ?? 0) < (layerOf.get(to) ?? 0)) {
      const files = upward.get(`${from} → ${to}`) ?? new Set<string>();
      files.add(path.relative(ROOT, file));
      upward.set(`${from} → ${to}`, files);
    }
  }
}
pairs = new Set([...pairs].sort());

if (process.argv.includes("--list")) {
  for (const [pair, files] of [...upward].sort()) console.log(`${pair}\n  ${[...files].sort().join("\n  ")}`);
}
if (unknown.size > 0) console.log(`folders without a layer (add them above): ${[...unknown].join(", ")}`);
console.log(`${upward.size} of ${pairs.size} imports between lib/ folders point back up`);
