import { expect, test } from "@playwright/test";
import { screenshotBothSizes } from "./support/fixtures.ts";

// Uses an e-mail no e2e user has: unknown e-mails are throttled like real ones, and no other spec is locked out.
test("repeated failed sign-ins are throttled with their own message", async ({ page }) => {
  const email = "intruso@example.com";
  await page.goto("/signin");
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Senha").fill(`palpite-${attempt}`);
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "E-mail ou senha incorretos" })).toBeVisible();
  }
  await page.getByLabel("Senha").fill("palpite-6");
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Muitas tentativas" })).toBeVisible();
  await screenshotBothSizes(page, "signin-throttled");
});
