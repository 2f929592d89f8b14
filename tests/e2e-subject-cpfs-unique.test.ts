// The Playwright specs share one server and one database per worker, and the officer's pages count every document of a
// CPF: two specs that seed the same subject CPF see each other's documents ("2 documentos" where one was made), and
// which pair collides depends on how files fall to workers. Each spec's subject CPFs are its own.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const E2E = path.resolve(import.meta.dirname, "..", "e2e");

describe("e2e subject CPFs", () => {
  it("are used by one spec each", () => {
    const usedBy = new Map<string, string[]>();
    for (const file of readdirSync(E2E).filter((name) => name.endsWith(".spec.ts"))) {
      const text = readFileSync(path.join(E2E, file), "utf8");
      for (const [, base] of text.matchAll(/subjectCpf\(\s*([\d_]+)\s*\)/g)) {
        const key = base!.replaceAll("_", "");
        usedBy.set(key, [...new Set([...(usedBy.get(key) ?? []), file])]);
      }
    }
    expect(usedBy.size).toBeGreaterThan(5);
    expect([...usedBy].filter(([, files]) => files.length > 1)).toEqual([]);
  });
});
