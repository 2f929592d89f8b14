import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ensureAppSecret } from "./app-secret.ts";

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "docflow-secret-"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("ensureAppSecret", () => {
  it("prefers NEXTAUTH_SECRET and then writes nothing", () => {
    const file = path.join(root, "data/secret");
    expect(ensureAppSecret({ NEXTAUTH_SECRET: " from-env " } as NodeJS.ProcessEnv, file)).toEqual({
      secret: "from-env",
      source: "env",
    });
    expect(() => statSync(file)).toThrow();
  });

  it("generates a secret once into a 0600 file (creating the folder) and reuses it afterwards", () => {
    const file = path.join(root, "data/secret");
    const first = ensureAppSecret({} as NodeJS.ProcessEnv, file);
    expect(first.source).toBe("generated");
    expect(first.secret).toMatch(/^[\w-]{43}$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, "utf8").trim()).toBe(first.secret);
    const second = ensureAppSecret({} as NodeJS.ProcessEnv, file);
    expect(second).toEqual({ secret: first.secret, source: "file", file });
  });

  it("tightens a secret file readable by others, and refuses an empty one", () => {
    const file = path.join(root, "secret");
    writeFileSync(file, "kept-secret\n", { mode: 0o644 });
    expect(ensureAppSecret({} as NodeJS.ProcessEnv, file).secret).toBe("kept-secret");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    writeFileSync(file, "\n");
    expect(() => ensureAppSecret({} as NodeJS.ProcessEnv, file)).toThrow(/is empty/);
  });
});
