// npx tsx scripts/trip-files.ts [--list]: how many files a reader walks to follow one background trip — a webhook
// delivery, an LGPD deletion, a retention run — from the queue file that runs it.
//
// What counts, precisely: start at the trip's queue file; follow every static `import … from` and `export … from` of
// a project file (type-only ones too: a reader reads the types a function takes); a file reached is counted, and its
// own imports followed, when it lies under the trip's domain folder (lib/webhooks, lib/lgpd, lib/retention) or under
// lib/jobs (the engine). That is what a reader walks to follow the job: the domain's files and the engine. Anything
// else reached is named, not counted nor followed — another domain whose function the trip calls (a deletion queues
// its webhooks; a delivery reads the outbox's settings), and the shared infrastructure every feature trusts like a
// package (lib/db, lib/config, lib/log, lib/auth, lib/audit, lib/metrics, lib/identifiers, …). Packages and `node:`
// modules are not project files. `import()` is not followed (the queues use none; the background loops that start
// them do, and they are not part of a trip).
// `--list` prints each trip's files, then what it crosses into: other domains, then infrastructure.
import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { DOMAIN_FOLDERS } from "./support/lib-layers.ts";

/** Each trip: its queue file, and the domain folder of lib/ it belongs to. */
export const TRIPS = {
  "webhook delivery": { entry: "lib/webhooks/server/delivery-queue.ts", domain: "webhooks" },
  "LGPD deletion": { entry: "lib/lgpd/server/deletion-queue.ts", domain: "lgpd" },
  "retention run": { entry: "lib/retention/server/retention-queue.ts", domain: "retention" },
} as const;

const ROOT = path.resolve(import.meta.dirname, "..");

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

/** The folder of lib/ a project file is in ("log" for lib/log.ts), or null outside lib/. */
const libFolder = (file: string) => {
  const [top, folder] = file.split("/");
  return top === "lib" && folder !== undefined ? folder.replace(/\.tsx?$/, "") : null;
};

export function tripFiles(trip: { entry: string; domain: string }): {
  walked: string[];
  otherDomains: string[];
  infrastructure: string[];
} {
  const walked = new Set<string>([trip.entry]);
  const crossed = new Set<string>();
  const pending: string[] = [trip.entry];
  while (pending.length > 0) {
    for (const target of importedFiles(pending.pop()!)) {
      const folder = libFolder(target);
      if (folder !== trip.domain && folder !== "jobs") crossed.add(target);
      else if (!walked.has(target)) {
        walked.add(target);
        pending.push(target);
      }
    }
  }
  const isDomain = (file: string) => DOMAIN_FOLDERS.includes(libFolder(file) ?? "");
  return {
    walked: [...walked].sort(),
    otherDomains: [...crossed].filter(isDomain).sort(),
    infrastructure: [...crossed].filter((file) => !isDomain(file)).sort(),
  };
}

if (import.meta.filename === process.argv[1] || process.argv[1]?.endsWith("trip-files.ts")) {
  for (const [name, trip] of Object.entries(TRIPS)) {
    const { walked, otherDomains, infrastructure } = tripFiles(trip);
    console.log(`${name}: ${walked.length} files from ${trip.entry}`);
    if (process.argv.includes("--list")) {
      console.log(`  ${walked.join("\n  ")}`);
      console.log(`  calls into other domains (not counted): ${otherDomains.join(", ") || "none"}`);
      console.log(`  infrastructure (not counted): ${infrastructure.join(", ") || "none"}`);
    }
  }
}
