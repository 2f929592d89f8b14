import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { E2E_USERS } from "./users.ts";

export const SIZES = {
  laptop: { width: 1280, height: 800 },
  tablet: { width: 768, height: 1024 },
} as const;

/** Signs in through the real form. */
export async function signIn(page: Page, who: keyof typeof E2E_USERS) {
  const user = E2E_USERS[who];
  await page.goto("/signin");
  await page.getByLabel("E-mail").fill(user.email);
  await page.getByLabel("Senha").fill(user.password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await page.waitForURL(/\/documents/);
}

/** Full-page screenshots at laptop and tablet sizes into e2e/screenshots/ (looked at by a person). */
export async function screenshotBothSizes(page: Page, name: string) {
  mkdirSync("e2e/screenshots", { recursive: true });
  const original = page.viewportSize();
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `e2e/screenshots/${name}-${size}.png`, fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

/** Fails on any serious or critical axe violation, listing them. */
export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === "serious" || violation.impact === "critical",
  );
  expect(
    serious.map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`,
    ),
  ).toEqual([]);
}
