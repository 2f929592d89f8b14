// npx tsx scripts/trip-files.ts [--list]: how many files a reader walks to follow one background trip — a webhook
// delivery, an LGPD deletion, a retention run — from the queue file that runs it.
//
// What counts, precisely: start at the trip's queue file; follow every static `import … from` and `export … from` of
// a project file (type-only ones too: a reader reads the types a function takes); a file reached is counted, and its
// own imports followed, when it lies under lib/jobs (the engine) or under a domain folder of lib/ (the domain layer
// of scripts/upward-imports.ts: webhooks, outbox, lgpd, retention, documents, …) — so a trip that reaches into
// another domain pays for it. Shared infrastructure below the domains (lib/db, lib/config, lib/log, lib/auth,
// lib/audit, lib/metrics, lib/http, …) is a name the reader trusts, like a package: listed as crossed into, neither
// counted nor followed. Packages and `node:` modules are not project files. `import()` is not followed (the queues
// use none; the background loops that start them do, and they are not part of a trip).
// `--list` prints each trip's files and the infrastructure files it crosses into.
import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { DOMAIN_FOLDERS } from "./support/lib-layers.ts";

export const TRIPS = {
  "webhook delivery": "lib/webhooks/server/delivery-queue.ts",
  "LGPD deletion": "lib/lgpd/server/deletion-queue.ts",
  "retention run": "lib/retention/server/retention-queue.ts",
} as const;

const ROOT = path.resolve(import.meta.dirname, "..");
const WALKED_FOLDERS = new Set(["jobs", ...DOMAIN_FOLDERS]);

function importedFiles(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const targets: string[] = [];
  for (const statement of source.statements) {
    const specifier =
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
        ? statement.moduleSpecifier.text
        : null;
    if (!specifier) continue;
    const absolute = specifier.startsWith("@/")
      ? path.join(ROOT, specifier.slice(2))
      : specifier.startsWith(".")
        ? path.resolve(path.dirname(path.join(ROOT, file)), specifier)
        : null;
    if (absolute) targets.push(path.relative(ROOT, absolute).split(path.sep).join("/"));
  }
  return targets;
}

const isWalked = (file: string) => {
  const [top, folder] = file.split("/");
  return top === "lib" && folder !== undefined && WALKED_FOLDERS.has(folder.replace(/\.tsx?$/, ""));
};

export function tripFiles(entry: string): { walked: string[]; crossed: string[] } {
  const walked = new Set<string>([entry]);
  const crossed = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    for (const target of importedFiles(pending.pop()!)) {
      if (!isWalked(target)) crossed.add(target);
      else if (!walked.has(target)) {
        walked.add(target);
        pending.push(target);
      }
    }
  }
  return { walked: [...walked].sort(), crossed: [...crossed].sort() };
}

if (import.meta.filename === process.argv[1] || process.argv[1]?.endsWith("trip-files.ts")) {
  for (const [trip, entry] of Object.entries(TRIPS)) {
    const { walked, crossed } = tripFiles(entry);
    console.log(`${trip}: ${walked.length} files from ${entry}`);
    if (process.argv.includes("--list")) {
      console.log(`  ${walked.join("\n  ")}`);
      console.log(`  crossed into (not counted): ${crossed.join(", ") || "none"}`);
    }
  }
}
