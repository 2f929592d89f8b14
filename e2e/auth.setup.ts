// Playwright setup project (playwright.config.ts): signs each role in through the real form once per run and stores
// the session cookies; signIn (e2e/support/fixtures.ts) starts every other test from them instead of the form.
// e2e/sign-in.spec.ts keeps testing the form itself.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { test as setup } from "@playwright/test";
import { authStatePath, signInThroughForm, type E2eRole } from "./support/fixtures.ts";

const ROLES: E2eRole[] = ["admin", "staff", "viewer"];

for (const role of ROLES) {
  setup(`sign in as ${role}`, async ({ page }) => {
    await signInThroughForm(page, role);
    mkdirSync(path.dirname(authStatePath(role)), { recursive: true });
    await page.context().storageState({ path: authStatePath(role) });
  });
}
