// Imports between lib/ folders point down the layers (docs/architecture.md "Layers"). The count is the one anyone can
// run — `npx tsx scripts/upward-imports.ts --list` — and this test holds it at today's figure: it may only go down
// (lower the figure here when it does), and a new upward import fails here instead of slipping in.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");
const MOST_UPWARD_PAIRS = 3;

describe("imports between lib/ folders", () => {
  it(`point back up in at most ${MOST_UPWARD_PAIRS} pairs of folders, every folder in a layer`, () => {
    const output = execFileSync(process.execPath, ["--import", "tsx", "scripts/upward-imports.ts", "--list"], {
      cwd: ROOT,
      encoding: "utf8",
    });
    expect(output).not.toContain("folders without a layer");
    const [, upward] = output.match(/^(\d+) of \d+ imports between lib\/ folders point back up$/m) ?? [];
    expect(upward, output).toBeDefined();
    expect(Number(upward), output).toBeLessThanOrEqual(MOST_UPWARD_PAIRS);
  });
});
