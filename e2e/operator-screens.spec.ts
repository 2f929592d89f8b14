import { expect, test } from "@playwright/test";
import { keepScreenshot, signIn } from "./support/fixtures.ts";
import { E2E_DOCUMENTS } from "./support/seed-documents.ts";

// The queue, the document page (also opened from a filtered list) and the dashboard at 1,280 and 1,920 px, saved under e2e/screenshots/ for a person to look
// at (the closing note describes them). Each shot first checks the page is the one meant, with the find box in its
// header and the find box's results open over the queue in one of them.

const WIDTHS = [1280, 1920] as const;

test("the queue, a document page and the dashboard at 1,280 and 1,920 px", async ({ page }) => {
  test.setTimeout(240_000); // eight pages and shots on a shared machine
  await signIn(page, "staff");
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/documents");
    await expect(page.getByRole("region", { name: "Tabela de documentos" }).locator("tbody tr").first()).toBeVisible();
    await expect(page.getByText("Ordem: mais urgentes primeiro")).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Buscar documentos" })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    console.log(`queue at ${width} px: page overflows sideways by ${overflow} px`);
    await keepScreenshot(page, { path: `e2e/screenshots/operator-queue-${width}.png` });

    await page.getByRole("combobox", { name: "Buscar documentos" }).fill("maria");
    await expect(page.getByRole("listbox", { name: "Resultados da busca" }).getByRole("option").first()).toBeVisible();
    await keepScreenshot(page, { path: `e2e/screenshots/operator-find-${width}.png` });

    await page.getByRole("combobox", { name: "Buscar documentos" }).fill(E2E_DOCUMENTS.mariaAnalysisLate.protocol);
    await page.getByRole("combobox", { name: "Buscar documentos" }).press("Enter");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      `Protocolo ${E2E_DOCUMENTS.mariaAnalysisLate.protocol}`,
    );
    await keepScreenshot(page, { path: `e2e/screenshots/operator-document-${width}.png`, fullPage: true });

    // A document opened from a filtered list: back link and previous/next of that list.
    await page.goto(`/documents?cpf=${encodeURIComponent(E2E_DOCUMENTS.mariaNew.cpf)}`);
    await page.getByRole("link", { name: E2E_DOCUMENTS.mariaAnalysisLate.protocol, exact: true }).click();
    await expect(page.getByTestId("list-position")).toHaveText(/\d+ de \d+/);
    await keepScreenshot(page, { path: `e2e/screenshots/operator-document-list-${width}.png` });

    await page.goto("/dashboard");
    await expect(page.getByTestId("kpi-open")).toHaveText(/^\d+\+?$/);
    await expect(page.getByTestId("kpi-finishedWeek")).toHaveText(/^\d+\+?$/);
    await keepScreenshot(page, { path: `e2e/screenshots/operator-dashboard-${width}.png`, fullPage: true });
  }
});
