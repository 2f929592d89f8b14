// Every server file under lib/<area>/server/ is marked `import "server-only"` (docs/architecture.md "Layers"): a client
// bundle that reaches one fails to build, beside the ESLint fences that refuse the import in the first place. No
// exceptions: the processes that load lib server code outside Next (the worker, `npm start`, the seed, the CLI, the
// test helpers a test spawns, Playwright's seeds) load scripts/support/allow-server-only.ts first.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");

function* serverFiles(dir: string, inServer = false): Generator<string> {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (name === "generated") continue;
    if (statSync(full).isDirectory()) yield* serverFiles(full, inServer || name === "server");
    else if (inServer && /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) yield path.relative(ROOT, full);
  }
}

const marked = (file: string) => /^import "server-only";$/m.test(readFileSync(path.join(ROOT, file), "utf8"));

describe("server-only mark", () => {
  const files = [...serverFiles(path.join(ROOT, "lib"))];

  it("is on every lib/*/server file", () => {
    expect(files.length).toBeGreaterThan(200);
    expect(files.filter((file) => !marked(file))).toEqual([]);
  });
});
