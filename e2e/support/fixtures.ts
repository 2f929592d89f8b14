import AxeBuilder from "@axe-core/playwright";
import { expect, test, type BrowserContext, type Locator, type Page } from "@playwright/test";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { E2E_USERS } from "./users.ts";

export const SIZES = {
  laptop: { width: 1280, height: 800 },
  tablet: { width: 768, height: 1024 },
} as const;

export type E2eRole = keyof typeof E2E_USERS;

/**
 * Where signIn keeps a role's signed-in browser state (cookies only) for this run, one per server: each Playwright
 * worker has its own server and database (playwright.config.ts), whose sessions the other server does not know.
 * Playwright empties test-results/ at the start of every run.
 */
function authStatePath(who: E2eRole): string {
  const server = new URL(test.info().project.use.baseURL ?? "http://127.0.0.1:3100").port;
  return path.resolve("test-results/.auth", `${server}-${who}.json`);
}

/** Signs in through the real form (the sign-in specs; signIn once per role and server for everything else). */
export async function signInThroughForm(page: Page, who: E2eRole) {
  const user = E2E_USERS[who];
  await page.goto("/signin");
  await page.getByLabel("E-mail").fill(user.email);
  await page.getByLabel("Senha").fill(user.password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await page.waitForURL(/\/documents/);
}

/** The app's origin (the Origin header cookie-authenticated API changes need), known before any page is open. */
export function appOrigin(): string {
  return new URL(test.info().project.use.baseURL ?? "http://127.0.0.1:3100").origin;
}

/**
 * Signed in as `who`, on `landing` (default /documents): with the session stored for the role on this worker's server
 * (one form sign-in per role and server instead of one per test), or through the form — storing that session for the
 * next tests — when there is none yet or it no longer holds (it ends after SESSION_IDLE_MINUTES without use, or a test
 * signed it out). A test that starts on another page names it here rather than loading /documents first and then its
 * page (one full page load fewer: docs/decisions/0055-playwright-suite.md). `landing: null` opens no page: the session
 * only, for a test that first asks the API which page to open (its requests go to appOrigin(), not page.url()).
 */
export async function signIn(page: Page, who: E2eRole, landing: string | null = "/documents") {
  const stored = authStatePath(who);
  if (existsSync(stored)) {
    const { cookies } = JSON.parse(readFileSync(stored, "utf8")) as {
      cookies: Parameters<BrowserContext["addCookies"]>[0];
    };
    await page.context().addCookies(cookies);
    if (landing === null) {
      // The API answers 401 to an unknown or ended session, as a page's guard sends it to /signin.
      const probe = await page.request.post("/api/status/loadAll", { data: {}, headers: { origin: appOrigin() } });
      if (probe.status() !== 401) {
        expect(probe.status(), await probe.text()).toBe(200);
        return;
      }
    } else {
      await page.goto(landing);
      // A page's guard sends an unknown or ended session to /signin (lib/auth/server/page-guard.ts).
      if (!new URL(page.url()).pathname.startsWith("/signin")) return;
    }
    await page.context().clearCookies();
  }
  await signInThroughForm(page, who);
  mkdirSync(path.dirname(stored), { recursive: true });
  await page.context().storageState({ path: stored });
  if (landing !== null && landing !== "/documents") await page.goto(landing);
}

/**
 * Whether the specs write their screenshots into e2e/screenshots/ (E2E_SCREENSHOTS=1): pictures for a person to look
 * at, compared by no test, so `npm test` skips them (full-page PNGs at two sizes cost CPU in Chromium and the runner:
 * docs/decisions/0055-playwright-suite.md).
 */
export const KEEP_SCREENSHOTS = process.env.E2E_SCREENSHOTS === "1";

/** One screenshot (of a page or an element) into e2e/screenshots/ when E2E_SCREENSHOTS=1. */
export async function keepScreenshot(
  target: Pick<Page, "screenshot"> | Pick<Locator, "screenshot">,
  options: { path: string; fullPage?: boolean },
) {
  if (!KEEP_SCREENSHOTS) return;
  mkdirSync("e2e/screenshots", { recursive: true });
  const { path: file, fullPage } = options;
  await target.screenshot(fullPage ? { path: file, fullPage } : { path: file });
}

/** Full-page screenshots at laptop and tablet sizes into e2e/screenshots/ when E2E_SCREENSHOTS=1. */
export async function screenshotBothSizes(page: Page, name: string) {
  if (!KEEP_SCREENSHOTS) return;
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
  // Colours are judged as they end, not halfway through a `transition-colors` (a button whose hover or focus colour
  // was still fading failed color-contrast now and then): transitions and animations off before axe reads them.
  await page.addStyleTag({
    content: "*, *::before, *::after { transition: none !important; animation: none !important; }",
  });
  // Legacy mode runs axe.run() in the page; the default runs axe per frame and then opens a blank page to merge the
  // frames' results, ~0.35 CPU s more per check (measured), to reach cross-origin frames, which the app has none of.
  // Same axe, same rules, same page (docs/decisions/0055-playwright-suite.md).
  // Only violations are read below, so axe is told to build only those: with every result type it also writes up every
  // passing node (an HTML snippet and the checks of each) and sends it all back, ~3× the CPU of the scan itself on the
  // documents list (measured: 4.2–5.4 s of renderer CPU → 1.3–1.7 s). Violations still list every node.
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ["violations"] })
    .analyze();
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
