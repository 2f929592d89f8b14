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

// The LGPD, data-subject, audit and API pages each said only "DocFlow": a person with several of them open could not
// tell the tabs apart.
test("the LGPD, audit and API pages name themselves in the browser tab too", async ({ page }) => {
  await signIn(page, "admin", "/lgpd");
  await expect(page).toHaveTitle("Solicitações de exclusão (LGPD) · DocFlow");
  const receipt = await page.locator("main a[href$='/receipt']").first().getAttribute("href");
  for (const [path, title] of [
    ["/lgpd/caixa", "Caixa de solicitações (LGPD) · DocFlow"],
    ["/lgpd/titular", "Titular de dados (LGPD) · DocFlow"],
    [receipt!, "Comprovante de exclusão de dados (LGPD) · DocFlow"],
    ["/audit", "Trilha de auditoria · DocFlow"],
    ["/apis/lgpd", "Chave LGPD · APIs · DocFlow"],
    ["/apis/tokens", "Tokens da API de documentos · APIs · DocFlow"],
    ["/apis/webhooks", "Webhooks · APIs · DocFlow"],
  ] as const) {
    await page.goto(path);
    await expect(page).toHaveTitle(title);
  }
});
