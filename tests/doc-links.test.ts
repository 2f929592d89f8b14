// Every relative link in README.md and docs/ points to a file that exists (and to a heading that exists when it names
// one), so moving or splitting a document cannot leave a dead link behind.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { anchorsOf, brokenLinks, headingAnchor, projectMarkdownFiles } from "./helpers/markdown-links.ts";

const ROOT = path.resolve(import.meta.dirname, "..");

describe("markdown links", () => {
  it("finds the README and the docs", () => {
    const files = projectMarkdownFiles(ROOT);
    expect(files).toContain("README.md");
    expect(files).toContain(path.join("docs", "decisions", "README.md"));
  });

  it.each(projectMarkdownFiles(ROOT))("%s: every relative link resolves", (file) => {
    expect(brokenLinks(ROOT, file)).toEqual([]);
  });

  it("reads anchors as GitHub writes them", () => {
    expect(headingAnchor("Webhooks (verifying a delivery)")).toBe("webhooks-verifying-a-delivery");
    expect(headingAnchor("Health, metrics, stopping and backups")).toBe("health-metrics-stopping-and-backups");
    expect(headingAnchor("`npm test`: stages in one queue")).toBe("npm-test-stages-in-one-queue");
    expect([...anchorsOf("# A\n\n## Tests\n\n```sh\n# not a heading\n```\n\n## Tests\n")]).toEqual([
      "a",
      "tests",
      "tests-1",
    ]);
  });
});
