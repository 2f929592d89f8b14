import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations, screenshotBothSizes, signInThroughForm } from "./support/fixtures.ts";
import { E2E_USERS } from "./support/users.ts";
import { LIVE_INTERVAL_MS } from "../lib/api-client/live.ts";

test("a staff user signs in, sees the shell, and signs out", async ({ page }) => {
  await page.goto("/documents");
  await expect(page).toHaveURL(/\/signin/);
  await expectNoSeriousA11yViolations(page);
  await screenshotBothSizes(page, "signin");

  await signInThroughForm(page, "staff");
  await expect(page.getByRole("navigation", { name: "Menu principal" })).toBeVisible();
  await expect(page.getByText(E2E_USERS.staff.name)).toBeVisible();
  // Admin-only entries are not offered to staff.
  await expect(page.getByRole("link", { name: "APIs" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: "Sair" }).click();
  await expect(page).toHaveURL(/\/signin\?signedOut=1/);
  await page.goto("/documents");
  await expect(page).toHaveURL(/\/signin/);
});

test("a page query answered 401 while signing out does not turn the sign-out into an expired session", async ({
  page,
}) => {
  // The race two busy workers met now and then: signing out ends the session on the server, then the browser
  // navigates; a live page's poll answered 401 before that navigation ended used to replace it with "session
  // expired". Here the sign-out's navigation is held until the page's next poll has been answered.
  await signInThroughForm(page, "staff");
  let releaseNavigation = () => {};
  const navigationHeld = new Promise<void>((resolve) => (releaseNavigation = resolve));
  await page.route(/\/signin\?signedOut=1/, async (route) => {
    await navigationHeld;
    // Fails when another navigation has replaced this one (the bug).
    await route.continue().catch(() => {});
  });
  const signedOut = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/auth/signout");
  await page.getByRole("button", { name: "Sair" }).click();
  expect((await signedOut).ok()).toBe(true);

  // The documents page polls every LIVE_INTERVAL_MS; a call sent now (not one already in flight before the sign-out)
  // finds the session ended, so the answer is 401.
  const pollRequest = await page.waitForRequest(
    (request) => {
      const { pathname } = new URL(request.url());
      return pathname.startsWith("/api/") && !pathname.startsWith("/api/auth/");
    },
    { timeout: LIVE_INTERVAL_MS + 20_000 },
  );
  const poll = await pollRequest.response();
  expect(poll?.status()).toBe(401);
  await poll?.finished();
  releaseNavigation();
  await expect(page).toHaveURL(/\/signin\?signedOut=1/);
});

test("a wrong password is refused with a clear message", async ({ page }) => {
  await page.goto("/signin");
  await page.getByLabel("E-mail").fill(E2E_USERS.viewer.email);
  await page.getByLabel("Senha").fill("not-the-password");
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "E-mail ou senha incorretos" })).toBeVisible();
});

test("an expired session sends the user back to sign-in", async ({ page, context }) => {
  // The signed-in page refreshes its session once; if that answer landed after clearCookies, it would set the
  // cookie again. Wait for it first.
  const sessionRefreshed = page.waitForResponse(
    (response) =>
      response.url().endsWith("/api/auth/session") && /\/documents/.test(response.request().headers().referer ?? ""),
  );
  await signInThroughForm(page, "viewer");
  await sessionRefreshed;
  await context.clearCookies();
  // A page call answered 401 meanwhile already sends the browser to /signin?expired=1, which aborts the reload.
  await page.reload().catch(() => {});
  await expect(page).toHaveURL(/\/signin/);
});

test("signing out ends the session on the server: a saved copy of its cookie opens nothing afterwards", async ({
  page,
  browser,
}) => {
  // Its own session (not the shared one signIn stores per server, which signing out would end for later specs).
  await signInThroughForm(page, "admin");
  await page.goto("/apis/tokens");
  await expect(page.getByRole("heading", { name: "Novo token" })).toBeVisible();
  const saved = await page.context().cookies();

  await page.getByRole("button", { name: "Sair" }).click();
  await expect(page).toHaveURL(/\/signin\?signedOut=1/);

  // Someone who copied the cookie before the sign-out replays it in another browser.
  const replay = await browser.newContext();
  await replay.addCookies(saved);
  const other = await replay.newPage();
  await other.goto("/apis/tokens");
  await expect(other).toHaveURL(/\/signin/);
  expect((await other.request.get("/api/admin/tokens")).status()).toBe(401);
  await replay.close();
});

test("before the page's script runs, the sign-in form cannot send the password in the URL", async ({ page }) => {
  // Found in a loaded CI run: "Entrar" clicked before hydration submitted the form natively, as a GET to
  // /signin?email=…&password=… — the password in the address bar, the history and any access log.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/_next/static/chunks/**", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/signin", { waitUntil: "commit" });
  await page.getByLabel("E-mail").fill("nobody@e2e.test");
  await page.getByLabel("Senha").fill("not-in-the-url");
  await expect(page.getByRole("button", { name: "Entrar" })).toBeDisabled();
  await page.getByLabel("Senha").press("Enter");
  release();
  await expect(page.getByRole("button", { name: "Entrar" })).toBeEnabled();
  expect(page.url()).not.toContain("not-in-the-url");
  expect(new URL(page.url()).search).toBe("");
});
