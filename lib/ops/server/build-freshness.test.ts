import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildFreshness } from "./build-freshness.ts";

let root: string;
const touch = (file: string, secondsAgo: number) => {
  const full = path.join(root, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, "x");
  const time = new Date(Date.now() - secondsAgo * 1000);
  utimesSync(full, time, time);
};

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "docflow-build-"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("buildFreshness", () => {
  it("asks for a build when there is none", () => {
    touch("app/page.tsx", 100);
    expect(buildFreshness(root)).toEqual({ fresh: false, reason: "there is no build yet" });
  });

  it("is fresh when every source is older than the build, tests and node_modules aside", () => {
    touch("app/page.tsx", 100);
    touch("lib/db/client.ts", 100);
    touch(".next/BUILD_ID", 50);
    touch("lib/db/client.test.ts", 10);
    touch("lib/node_modules/x.js", 10);
    expect(buildFreshness(root)).toEqual({ fresh: true });
  });

  it("names the source that changed after the build", () => {
    touch(".next/BUILD_ID", 50);
    touch("messages/pt-BR/common.json", 10);
    expect(buildFreshness(root)).toEqual({
      fresh: false,
      reason: `${path.join("messages", "pt-BR", "common.json")} changed after the last build`,
    });
  });
});
