import { expect, test } from "@playwright/test";
import { signIn } from "./support/fixtures.ts";

// Every page has its own browser-tab title (most tabs used to read just "DocFlow").
test("staff pages name themselves in the browser tab", async ({ page }) => {
  await signIn(page, "admin");
  await expect(page).toHaveTitle("Documentos · DocFlow");
  for (const [path, title] of [
    ["/dashboard", "Painel · DocFlow"],
    ["/documents/import", "Importar documentos de CSV · DocFlow"],
    ["/api-reference", "Referência da API · DocFlow"],
    ["/apis", "APIs · DocFlow"],
  ] as const) {
    await page.goto(path);
    await expect(page).toHaveTitle(title);
  }
});
