// The team lead's dashboard: the headline tiles first, the team's workload per responsible person with each number
// opening the list it counts, and an operator's own "Meus atrasados".
import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./support/fixtures.ts";

test.describe.configure({ timeout: 120_000 });

/** The list's total as a number ("1 documento", "12 documentos"). */
async function listTotal(page: Page): Promise<number> {
  const total = page.getByText(/^\d+(\.\d{3})*\+? documentos?$/).first();
  await expect(total).toBeVisible({ timeout: 30_000 });
  return Number((await total.textContent())!.replace(/\D/g, ""));
}

test("the tiles come first, and each number of the team's workload opens the list it counts", async ({ page }) => {
  await signIn(page, "admin", "/dashboard");
  const tiles = page.getByRole("region", { name: "Indicadores" });
  await expect(page.getByTestId("kpi-open")).toHaveText(/^\d+\+?$/, { timeout: 30_000 });
  const filters = page.getByRole("group", { name: "Filtros" });
  expect((await tiles.boundingBox())!.y).toBeLessThan((await filters.boundingBox())!.y);
  // Above the fold of a laptop.
  expect((await tiles.boundingBox())!.y).toBeLessThan(300);

  const workload = page.getByRole("region", { name: "Carga da equipe" });
  await expect(workload.getByRole("columnheader")).toHaveText(["Responsável", "Em aberto", "Atrasados", "Vencem hoje"]);
  const nobody = workload.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "Sem responsável" }) });
  // The seeded late documents have nobody responsible.
  const late = nobody.getByRole("link", { name: /: Atrasados de Sem responsável$/ });
  await expect(late).toBeVisible();
  const shown = Number((await late.textContent())!.replace(/\D/g, ""));
  expect(shown).toBeGreaterThan(0);
  await late.click();
  await expect(page).toHaveURL(/\/documents\?.*resp=none/);
  await expect(page).toHaveURL(/sla=late/);
  await expect(page).toHaveURL(/state=open/);
  expect(await listTotal(page)).toBe(shown);
});

test('an operator has "Meus atrasados", opening their own late documents; a viewer, who is nobody\'s, has not', async ({
  page,
}) => {
  await signIn(page, "staff", "/dashboard");
  const mine = page.getByTestId("kpi-myLate");
  await expect(mine).toHaveText(/^\d+\+?$/, { timeout: 30_000 });
  const shown = Number((await mine.textContent())!.replace(/\D/g, ""));
  await page.locator('[data-kpi="myLate"]').click();
  await expect(page).toHaveURL(/resp=me/);
  await expect(page).toHaveURL(/sla=late/);
  if (shown > 0) expect(await listTotal(page)).toBe(shown);
  else await expect(page.getByText("Nenhum documento encontrado com esses filtros")).toBeVisible();

  await page.context().clearCookies();
  await signIn(page, "viewer", "/dashboard");
  await expect(page.getByTestId("kpi-open")).toHaveText(/^\d+\+?$/, { timeout: 30_000 });
  await expect(page.getByTestId("kpi-myLate")).toHaveCount(0);
});

test("a lead shares a saved view with the team; an operator uses it but cannot delete it", async ({ page }) => {
  const name = `Atrasados da equipe ${Date.now()}`;
  await signIn(page, "admin", "/documents?sla=late&state=open");
  await page.getByRole("button", { name: "Filtros salvos" }).click();
  const saved = page.getByRole("region", { name: "Filtros salvos" });
  await saved.getByRole("button", { name: "Salvar filtros atuais" }).click();
  await saved.getByLabel("Nome do filtro").fill(name);
  await saved.getByLabel("Compartilhar com a equipe").check();
  await saved.getByRole("button", { name: "Salvar", exact: true }).click();
  await expect(saved.getByRole("button", { name: `Aplicar filtro salvo ${name}` })).toContainText("· equipe");

  await page.context().clearCookies();
  await signIn(page, "staff", "/documents");
  await page.getByRole("button", { name: "Filtros salvos" }).click();
  const theirs = page
    .getByRole("region", { name: "Filtros salvos" })
    .getByRole("button", { name: `Aplicar filtro salvo ${name}` });
  await expect(theirs).toContainText("· equipe, de Ana Admin");
  await expect(page.getByRole("button", { name: `Excluir filtro salvo ${name}` })).toHaveCount(0);
  await theirs.click();
  await expect(page).toHaveURL(/sla=late/);
});
