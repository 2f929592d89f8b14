import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { config, ConfigError, configProblems } from "./index.ts";
import { withConfigSection } from "./readme-table.ts";
import { internalVariables, toolingKnobs, variables } from "./variables.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const saved = { ...process.env };
afterEach(() => {
  for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
  Object.assign(process.env, saved);
});

describe("config", () => {
  it("reads defaults when unset or blank, and typed values when set", () => {
    expect(config("LGPD_BATCH_SIZE", {})).toBe(10);
    expect(config("LGPD_BATCH_SIZE", { LGPD_BATCH_SIZE: "  " })).toBe(10);
    expect(config("LGPD_BATCH_SIZE", { LGPD_BATCH_SIZE: " 42 " })).toBe(42);
    expect(config("LGPD_WORKER", { LGPD_WORKER: "off" })).toBe(false);
    expect(config("LGPD_WORKER", {})).toBe(true);
    expect(config("TRUST_PROXY", { TRUST_PROXY: "true" })).toBe(1);
    expect(config("LOG_LEVEL", { LOG_LEVEL: "ERROR" })).toBe("error");
    expect(config("WEBHOOK_ALLOW_HOSTS", { WEBHOOK_ALLOW_HOSTS: "a.test, ,b.test" })).toEqual(["a.test", "b.test"]);
    expect(config("SMTP_URL", {})).toBeUndefined();
    expect(config("LGPD_HEARTBEAT_SECONDS", {})).toBeUndefined();
  });

  it("refuses a bad value with an error naming the variable and what is wrong", () => {
    const problem = (name: keyof typeof variables, value: string) => {
      try {
        config(name, { [name]: value });
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as ConfigError).problems;
      }
      throw new Error(`${name}=${value} was accepted`);
    };
    expect(problem("LGPD_DEADLINE_DAYS", "not a number")).toEqual([
      'LGPD_DEADLINE_DAYS must be a number (got "not a number")',
    ]);
    expect(problem("LGPD_DEADLINE_DAYS", "0")).toEqual(['LGPD_DEADLINE_DAYS must be at least 1 (got "0")']);
    expect(problem("LGPD_BATCH_SIZE", "2.5")).toEqual(['LGPD_BATCH_SIZE must be a whole number (got "2.5")']);
    expect(problem("PORT", "70000")).toEqual(['PORT must be at most 65535 (got "70000")']);
    expect(problem("LGPD_WORKER", "maybe")).toEqual([
      'LGPD_WORKER must be 1/0, true/false, on/off or yes/no (got "maybe")',
    ]);
    expect(problem("LOG_LEVEL", "debug")).toEqual(['LOG_LEVEL must be one of info, error, silent (got "debug")']);
    // A secret's value is never echoed.
    expect(problem("DATABASE_URL", "mysql://user:hunter2@db/x")).toEqual([
      "DATABASE_URL must start with postgresql:// (PostgreSQL is the only SQL dialect)",
    ]);
    expect(problem("ADMIN_PASSWORD", "short")).toEqual(["ADMIN_PASSWORD must have at least 10 characters"]);
  });

  it("lists every invalid variable at once, and nothing for a valid environment", () => {
    expect(configProblems({})).toEqual([]);
    expect(configProblems({ PORT: "http", OUTBOX_CONCURRENCY: "0", SMTP_URL: "smtp://mail:25" })).toEqual([
      'PORT must be a number (got "http")',
      'OUTBOX_CONCURRENCY must be at least 1 (got "0")',
    ]);
  });

  it("follows process.env when a test changes it during the run", () => {
    delete process.env.LGPD_DEADLINE_DAYS;
    expect(config("LGPD_DEADLINE_DAYS")).toBe(15);
    process.env.LGPD_DEADLINE_DAYS = "10";
    expect(config("LGPD_DEADLINE_DAYS")).toBe(10);
    process.env.LGPD_DEADLINE_DAYS = "0";
    expect(() => config("LGPD_DEADLINE_DAYS")).toThrow(ConfigError);
    delete process.env.LGPD_DEADLINE_DAYS;
    expect(config("LGPD_DEADLINE_DAYS")).toBe(15);
  });

  it("every default satisfies its own bounds", () => {
    for (const [name, declaration] of Object.entries(variables)) {
      if (declaration.kind !== "number" || !("default" in declaration)) continue;
      expect(declaration.default, name).toBeGreaterThanOrEqual(declaration.min);
      if ("max" in declaration) expect(declaration.default, name).toBeLessThanOrEqual(declaration.max);
    }
  });
});

describe("README's environment table", () => {
  it("is the one generated from the declarations (npm run config:docs rewrites it)", async () => {
    const file = path.join(ROOT, "README.md");
    const readme = readFileSync(file, "utf8");
    expect(await withConfigSection(readme, file)).toBe(readme);
  });
});

describe("environment reads", () => {
  const SKIP = new Set(["node_modules", ".next", "generated", ".git", "data", "test-results", "playwright-report"]);
  function files(dir: string): string[] {
    return readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      if (SKIP.has(name)) return [];
      if (statSync(full).isDirectory()) return files(full);
      return /\.(ts|tsx|mjs|js)$/.test(name) ? [full] : [];
    });
  }
  const sources = ["lib", "app", "components", "scripts", "bench", "tests", "e2e"].flatMap((dir) =>
    files(path.join(ROOT, dir)),
  );
  const reads = (text: string) =>
    [...text.matchAll(/process\.env(?:\.([A-Z][A-Z0-9_]*)|\[\s*["'`]([A-Z][A-Z0-9_]*)["'`]\s*\])/g)].map(
      (match) => match[1] ?? match[2] ?? "",
    );

  it("reads only declared variables (app variables, tooling knobs or internal ones)", () => {
    const known = new Set<string>([...Object.keys(variables), ...Object.keys(toolingKnobs), ...internalVariables]);
    const unknown = sources.flatMap((file) =>
      reads(readFileSync(file, "utf8"))
        .filter((name) => !known.has(name))
        .map((name) => `${path.relative(ROOT, file)}: ${name}`),
    );
    expect(unknown).toEqual([]);
  });

  it("the app, worker, CLI and scripts read declared variables only through lib/config", () => {
    const appSources = sources.filter((file) => {
      const relative = path.relative(ROOT, file);
      if (/\.(test|spec)\.tsx?$/.test(relative) || /^(tests|e2e|bench)\//.test(relative)) return false;
      if (relative.startsWith("lib/config/")) return false;
      // Test tooling: they set the environment of the processes they start.
      return !["scripts/e2e-server.ts", "scripts/test-all.ts"].includes(relative);
    });
    const declared = new Set(Object.keys(variables));
    const scattered = appSources.flatMap((file) => {
      // Assignments (`=`, `??=` to a variable of process.env) hand a value to a child process or to lib/config.
      const text = readFileSync(file, "utf8").replace(/process\.env\.[A-Z0-9_]+\s*\??=(?!=)/g, "");
      return reads(text)
        .filter((name) => declared.has(name))
        .map((name) => `${path.relative(ROOT, file)}: ${name}`);
    });
    expect(appSources.length).toBeGreaterThan(100);
    expect(scattered).toEqual([]);
  });
});
