// Every audit action the code writes reads as a sentence on the audit page, in every locale: an action without one
// shows as "<actor>: <code>" (lib/audit/audit-sentence.ts), which is what the page is there to avoid. The actions are
// found in the source as the string literals given to `action:` (directly or through a conditional).
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");
const SOURCES = ["lib", "app", "scripts"];

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" ? [] : sourceFiles(relative);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

/** `action: "a.b"`, and each "a.b" literal of a conditional given to `action:` on the same line. */
function writtenActions(): Map<string, string> {
  const actions = new Map<string, string>();
  for (const file of SOURCES.flatMap(sourceFiles)) {
    for (const line of readFileSync(path.join(ROOT, file), "utf8").split("\n")) {
      const value = /\baction:\s*(.+)$/.exec(line)?.[1];
      if (!value) continue;
      for (const [, action] of value.matchAll(/"([a-z_]+\.[a-z_]+)"/g)) actions.set(action!, file);
    }
  }
  return actions;
}

const events = (locale: string) =>
  (
    JSON.parse(readFileSync(path.join(ROOT, "messages", locale, "audit.json"), "utf8")) as {
      events: Record<string, Record<string, { label?: string; sentence?: string }>>;
    }
  ).events;

describe("audit actions", () => {
  const actions = writtenActions();

  it("are found in the source (the scan itself works)", () => {
    expect(actions.get("lgpd_request.deny")).toMatch(/deny-deletion\.ts$/);
    expect(actions.size).toBeGreaterThan(40);
  });

  for (const locale of ["pt-BR", "en"]) {
    it(`each has a label and a sentence in ${locale}`, () => {
      const known = events(locale);
      const missing = [...actions]
        .filter(([action]) => {
          const [entity, verb] = action.split(".") as [string, string];
          const event = known[entity]?.[verb];
          return !event?.label || !event.sentence;
        })
        .map(([action, file]) => `${action} (${file})`);
      expect(missing).toEqual([]);
    });
  }
});
