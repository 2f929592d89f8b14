// Playwright reporter (measuring aid, playwright.measure.config.ts): where a test's wall time goes. Sums the
// durations of each test's top-level steps by kind — page loads (goto/reload/waitForURL), axe scans (the steps run
// from e2e/support/fixtures.ts's expectNoSeriousA11yViolations), sign-ins, expects, clicks and fills, fixtures and
// hooks (browser context set-up and tear-down) — per spec file, and writes the table to STEP_REPORT (default
// test-results/e2e-steps.txt). Nested steps are not counted twice (only steps without a parent step are summed).
import type { Reporter, TestCase, TestResult, TestStep } from "@playwright/test/reporter";
import { writeFileSync } from "node:fs";

type Totals = Map<string, { seconds: number; count: number }>;

function kindOf(step: TestStep): string {
  const file = step.location?.file ?? "";
  const inSupport = /e2e\/support\//.test(file);
  const title = step.title;
  if (inSupport && /fixtures\.ts$/.test(file)) {
    const line = step.location?.line ?? 0;
    return `fixtures.ts:${line} ${step.category} ${title.split(" ")[0]}`;
  }
  if (step.category === "hook" || step.category === "fixture") return `${step.category} ${title}`;
  if (step.category === "pw:api") {
    if (/^(Navigate|Reload|Wait for navigation|Go back|waitForURL)/i.test(title)) return "page load";
    return `api ${title.split(" ")[0]}`;
  }
  if (step.category === "expect") return `expect ${(/"(\w+)"/.exec(title) ?? [])[1] ?? title}`;
  return `${step.category} ${title.split(" ")[0]}`;
}

export default class StepReporter implements Reporter {
  private perFile = new Map<string, Totals>();
  private overall: Totals = new Map();

  onStepEnd(test: TestCase, _result: TestResult, step: TestStep) {
    if (step.parent) return;
    const file = test.location.file.split("/").pop()!;
    const totals = this.perFile.get(file) ?? new Map();
    this.perFile.set(file, totals);
    const kind = kindOf(step);
    for (const table of [totals, this.overall]) {
      const row = table.get(kind) ?? { seconds: 0, count: 0 };
      row.seconds += step.duration / 1000;
      row.count += 1;
      table.set(kind, row);
    }
  }

  onEnd() {
    const render = (name: string, table: Totals) => {
      const rows = [...table].sort((a, b) => b[1].seconds - a[1].seconds).slice(0, 25);
      const total = [...table.values()].reduce((sum, row) => sum + row.seconds, 0);
      return [
        `## ${name} (top-level steps: ${total.toFixed(1)} s)`,
        ...rows.map(
          ([kind, row]) => `${row.seconds.toFixed(1).padStart(8)} s ${String(row.count).padStart(5)}×  ${kind}`,
        ),
      ].join("\n");
    };
    const sections = [render("all", this.overall), ...[...this.perFile].map(([file, table]) => render(file, table))];
    writeFileSync(process.env.STEP_REPORT ?? "test-results/e2e-steps.txt", `${sections.join("\n\n")}\n`);
  }
}
