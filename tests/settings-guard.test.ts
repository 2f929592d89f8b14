// Every settings page guards itself with the one settings guard (app/(staff)/settings/settings-access.ts): a layout is
// not re-run on client navigation between its pages, so a page without its own call would be open to any signed-in
// role. Read from the files, so a new page that forgets it fails here.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const SETTINGS = path.resolve(import.meta.dirname, "../app/(staff)/settings");
const pages = (readdirSync(SETTINGS, { recursive: true }) as string[])
  .filter((file) => /(^|\/)(page|layout)\.tsx$/.test(file))
  .sort();

describe("settings pages", () => {
  it("are found (the check below is not vacuous)", () => {
    expect(pages).toContain("layout.tsx");
    expect(pages).toContain("page.tsx");
    expect(pages.length).toBeGreaterThanOrEqual(12);
  });

  it.each(pages)("%s calls requireSettingsAdmin() and no other role check", (file) => {
    const text = readFileSync(path.join(SETTINGS, file), "utf8");
    expect(text).toMatch(/await requireSettingsAdmin\(\)/);
    expect(text).not.toMatch(/requireStaff\(/);
  });
});
