// Following one background job from its queue file — a webhook delivery, an LGPD deletion, a retention run — a reader
// walks its domain's files and the job engine (lib/jobs), and no more than 12 of them. The count is the one anyone can
// run, `npx tsx scripts/trip-files.ts --list` (its header says what counts); a trip that grows past the figure fails
// here instead of spreading again.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");
const MOST_FILES_PER_TRIP = 12;

const output = () =>
  execFileSync(process.execPath, ["--import", "tsx", "scripts/trip-files.ts", "--list"], {
    cwd: ROOT,
    encoding: "utf8",
  });

/** The files listed under a trip's count line, up to the line naming what it crosses into. */
function listedFiles(text: string, trip: string): string[] {
  const lines = text.split("\n");
  const start = lines.findIndex((line) => line.startsWith(`${trip}: `));
  const files: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (!/^ {2}lib\//.test(line)) break;
    files.push(line.trim());
  }
  return files;
}

describe("a background trip's files", () => {
  const text = output();

  it.each([
    ["webhook delivery", "lib/webhooks/server/delivery-queue.ts", "lib/webhooks/server/deliver.ts"],
    ["LGPD deletion", "lib/lgpd/server/deletion-queue.ts", "lib/lgpd/server/erase-tied-data.ts"],
    ["retention run", "lib/retention/server/retention-queue.ts", "lib/retention/server/anonymise-documents.ts"],
  ])(`%s: at most ${MOST_FILES_PER_TRIP}, from its queue through its domain and the engine`, (trip, entry, work) => {
    const [, count, from] = text.match(new RegExp(`^${trip}: (\\d+) files from (\\S+)$`, "m")) ?? [];
    expect(from, text).toBe(entry);
    const files = listedFiles(text, trip);
    expect(files).toHaveLength(Number(count));
    // The walk reaches the work itself and the engine: a count that stopped at the queue file would prove nothing.
    expect(files).toEqual(
      expect.arrayContaining([entry, work, "lib/jobs/server/engine.ts", "lib/jobs/server/lease.ts"]),
    );
    expect(Number(count), text).toBeLessThanOrEqual(MOST_FILES_PER_TRIP);
  });
});
