import { expect, test } from "@playwright/test";
import { signIn } from "./support/fixtures.ts";

// An unknown address answers 404 with a pt-BR page of its own title and a way back, not the framework's
// English default.
test("an unknown address shows the pt-BR 404 page", async ({ page }) => {
  await signIn(page, "staff");
  const response = await page.goto("/pagina-que-nao-existe");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Página não encontrada");
  await expect(page).toHaveTitle("Página não encontrada · DocFlow");
  await expect(page.getByText("This page could not be found")).toHaveCount(0);
  await page.getByRole("link", { name: "Ir para os documentos" }).click();
  await expect(page).toHaveURL(/\/documents$/);
});
