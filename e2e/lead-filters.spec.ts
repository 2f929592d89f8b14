import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, keepScreenshot, signIn } from "./support/fixtures.ts";
import { DASHBOARD_PRODUCT } from "./support/seed-dashboard.ts";

// The lead's filters: several statuses at once in the queue (URL, chips, saved views), dashboard charts whose bars
// and table rows open exactly the documents they count, and "Novo documento" with pick-lists for the responsible
// person and the origin. Run on PGlite and on PostgreSQL (E2E_DATABASE_URL).
test.describe.configure({ timeout: 120_000 });

const UNIQUE = `${Date.now()}`.slice(-6);

async function api(page: Page, route: string, data: unknown) {
  const origin = new URL(page.url()).origin;
  return page.request.post(`/api/${route}`, { data, headers: { origin } });
}

type Options = {
  products: { id: number; name: string }[];
  statuses: { id: number; name: string }[];
  users: { id: number; name: string }[];
};

async function filterOptions(page: Page): Promise<Options> {
  return (await (await api(page, "documents/filter-options", {})).json()) as Options;
}

async function createDocument(page: Page, options: Options, status: string, fields: Record<string, unknown>) {
  const response = await api(page, "document/create", {
    status_id: options.statuses.find((candidate) => candidate.name === status)!.id,
    product_id: options.products.find((product) => product.name === "Seguro Auto")!.id,
    ...fields,
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as { id: number; protocol: string };
}

/** The list's total as a number ("1 documento", "12 documentos"). */
async function listTotal(page: Page): Promise<number> {
  const total = page.getByText(/^\d+(\.\d{3})*\+? documentos?$/).first();
  await expect(total).toBeVisible({ timeout: 30_000 });
  return Number((await total.textContent())!.replace(/\D/g, ""));
}

const table = (page: Page) => page.getByRole("region", { name: "Tabela de documentos" }).getByRole("table");

test("several statuses at once: picked in a list of checkboxes, kept in the URL, one chip each, saved as a view", async ({
  page,
}) => {
  await signIn(page, "staff");
  const options = await filterOptions(page);
  const word = `Multistatus${UNIQUE}`;
  const fresh = await createDocument(page, options, "Novo", { cpf: "418.722.394-04", name: `${word} Um` });
  const working = await createDocument(page, options, "Em análise", { cpf: "418.722.395-95", name: `${word} Dois` });
  const other = await createDocument(page, options, "Em execução", { cpf: "418.722.396-76", name: `${word} Três` });
  const idOf = (name: string) => options.statuses.find((status) => status.name === name)!.id;

  await page.goto(`/documents?q=${word}`);
  await expect(table(page).locator("tbody tr")).toHaveCount(3);
  await page.getByRole("button", { name: "Todos os filtros" }).click();
  const form = page.getByRole("search", { name: "Filtros" });
  await form.getByRole("button", { name: /^Status/ }).click();
  const statuses = form.getByRole("group", { name: "Status" });
  await statuses.getByRole("checkbox", { name: "Novo", exact: true }).check();
  await statuses.getByRole("checkbox", { name: "Em análise", exact: true }).check();
  await keepScreenshot(page, { path: "e2e/screenshots/lead-filters-status-popover.png" });
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press("Escape");
  await expect(form.getByRole("button", { name: /^Status/ })).toContainText("2 selecionados");
  await form.getByRole("button", { name: "Aplicar filtros" }).click();

  await expect(page).toHaveURL(new RegExp(`status=${idOf("Novo")}&status=${idOf("Em análise")}`));
  await expect(page.getByRole("button", { name: "Remover filtro Status: Novo" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Remover filtro Status: Em análise" })).toBeVisible();
  await expect(table(page).getByText(fresh.protocol)).toBeVisible();
  await expect(table(page).getByText(working.protocol)).toBeVisible();
  await expect(table(page).getByText(other.protocol)).toHaveCount(0);
  expect(await listTotal(page)).toBe(2);

  // The export counts what the list counts (the same filters reach the export).
  const url = new URL(page.url());
  const filter = {
    q: word,
    status_ids: url.searchParams.getAll("status").map(Number),
  };
  const exported = await page.request.get(
    `/api/documents/export.csv?filter=${encodeURIComponent(JSON.stringify(filter))}`,
    { headers: { origin: url.origin } },
  );
  expect(exported.status()).toBe(200);
  expect(exported.headers()["x-total-count"]).toBe("2");

  // "Adicionar filtro" adds a third status to the set, with checkboxes too.
  await page.getByRole("button", { name: "Adicionar filtro" }).click();
  const picker = page.getByRole("group", { name: "Adicionar filtro" });
  await picker.getByRole("button", { name: "Status", exact: true }).click();
  await expect(picker.getByRole("checkbox", { name: "Novo", exact: true })).toBeChecked();
  await picker.getByRole("checkbox", { name: "Em execução", exact: true }).check();
  await picker.getByRole("button", { name: "Aplicar" }).click();
  await expect(table(page).locator("tbody tr")).toHaveCount(3);
  expect(await listTotal(page)).toBe(3);

  // Chips go one at a time.
  await page.getByRole("button", { name: "Remover filtro Status: Novo" }).click();
  await expect(table(page).getByText(fresh.protocol)).toHaveCount(0);
  await expect(table(page).locator("tbody tr")).toHaveCount(2);
  expect(await listTotal(page)).toBe(2);
  await page.getByRole("button", { name: "Remover filtro Status: Em execução" }).click();
  await expect(table(page).locator("tbody tr")).toHaveCount(1);
  await expect(table(page).getByText(working.protocol)).toBeVisible();

  // A saved view keeps several statuses; one saved with a single status still opens.
  await page.goto(`/documents?q=${word}&status=${idOf("Novo")}&status=${idOf("Em execução")}`);
  await page.getByRole("button", { name: "Filtros salvos" }).click();
  const saved = page.getByRole("region", { name: "Filtros salvos" });
  const name = `Dois status ${UNIQUE}`;
  await saved.getByRole("button", { name: "Salvar filtros atuais" }).click();
  await saved.getByLabel("Nome do filtro").fill(name);
  await saved.getByRole("button", { name: "Salvar", exact: true }).click();
  const single = `Um status ${UNIQUE}`;
  const created = await api(page, "saved-filters", { name: single, filters: { q: word, status_ids: [idOf("Novo")] } });
  expect(created.status()).toBeLessThan(300);

  await page.goto("/documents");
  await page.getByRole("button", { name: "Filtros salvos" }).click();
  await page.getByRole("button", { name: `Aplicar filtro salvo ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`status=${idOf("Novo")}&status=${idOf("Em execução")}`));
  await expect(table(page).locator("tbody tr")).toHaveCount(2);
  await expect(page.getByRole("button", { name: "Remover filtro Status: Em execução" })).toBeVisible();
  await page.goto("/documents");
  await page.getByRole("button", { name: "Filtros salvos" }).click();
  await page.getByRole("button", { name: `Aplicar filtro salvo ${single}` }).click();
  await expect(page.getByRole("button", { name: "Remover filtro Status: Novo" })).toBeVisible();
  await expect(table(page).locator("tbody tr")).toHaveCount(1);
  await expect(table(page).getByText(fresh.protocol)).toBeVisible();
});

async function filterDashboardByProduct(page: Page) {
  await page.getByLabel("Produto", { exact: true }).selectOption({ label: DASHBOARD_PRODUCT });
  await page.getByRole("button", { name: "Aplicar" }).click();
  await expect(page.getByTestId("dashboard-total")).toHaveText("8 documentos no filtro");
}

/** The number a chart draws on or beside one of its bars. */
async function barNumber(bar: Locator): Promise<number> {
  const text = await bar.getAttribute("data-count");
  expect(text).not.toBeNull();
  return Number(text);
}

test("the late-days histogram: a bar and its table row open the late documents it counts", async ({ page }) => {
  await signIn(page, "viewer", "/dashboard");
  await filterDashboardByProduct(page);
  const chart = page.getByRole("region", { name: "Dias de atraso dos documentos abertos", exact: true });

  // The bar of 7–15 days: its number, then a click on it.
  const bar = chart.locator('[data-chart-bar="7-15"]');
  await expect(bar).toBeVisible();
  const shown = await barNumber(bar);
  expect(shown).toBeGreaterThan(0);
  await expect(chart.getByText(String(shown), { exact: true }).first()).toBeVisible();
  await keepScreenshot(chart, { path: "e2e/screenshots/lead-filters-late-histogram.png" });
  await bar.click();
  await expect(page).toHaveURL(/\/documents\?.*late_min=7/);
  await expect(page).toHaveURL(/late_max=15/);
  await expect(page.getByRole("button", { name: "Remover filtro Atraso: de 7 a 15 dias" })).toBeVisible();
  expect(await listTotal(page)).toBe(shown);

  // The table's row, by keyboard: "30 dias ou mais".
  await page.goBack();
  await expect(page.getByTestId("dashboard-total")).toBeVisible();
  await filterDashboardByProduct(page);
  await chart.getByText("Ver tabela").click();
  const link = chart.getByRole("link", { name: "30 dias ou mais" });
  const row = chart.getByRole("row").filter({ has: page.getByRole("link", { name: "30 dias ou mais" }) });
  const counted = Number((await row.getByRole("cell").last().textContent())!.replace(/\D/g, ""));
  expect(counted).toBeGreaterThan(0);
  await link.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/late_min=30/);
  await expect(page).not.toHaveURL(/late_max=/);
  expect(await listTotal(page)).toBe(counted);
});

test("SLA compliance by modality and by product: a bar and the table's numbers open the finished documents they count", async ({
  page,
}) => {
  await signIn(page, "viewer", "/dashboard");
  await filterDashboardByProduct(page);
  const byModality = page.getByRole("region", { name: "Cumprimento de SLA por modalidade", exact: true });
  const bar = byModality.locator("[data-chart-bar]").first();
  await expect(bar).toBeVisible();
  const finished = await barNumber(bar);
  expect(finished).toBe(2);
  await bar.click();
  await expect(page).toHaveURL(/state=finished/);
  await expect(page).toHaveURL(/done_from=2026-06-01/);
  await expect(page).toHaveURL(/done_to=2026-06-30/);
  await expect(page).toHaveURL(/modality=\d+/);
  expect(await listTotal(page)).toBe(finished);

  // The table's "No prazo" number of the product's row, by keyboard.
  await page.goBack();
  await filterDashboardByProduct(page);
  const byProduct = page.getByRole("region", { name: "Cumprimento de SLA por produto", exact: true });
  await byProduct.getByText("Ver tabela").click();
  const within = byProduct.getByRole("link", { name: / no prazo de / }).first();
  const count = Number((await within.textContent())!.replace(/\D/g, ""));
  expect(count).toBe(1);
  await within.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/sla=in_sla/);
  await expect(page).toHaveURL(/product=\d+/);
  expect(await listTotal(page)).toBe(count);
});

/** The origins "Origem" offers (its list's options). */
function offeredOrigins(page: Page): Promise<string[]> {
  return page
    .getByRole("combobox", { name: "Origem" })
    .evaluate((input) => [...((input as HTMLInputElement).list?.options ?? [])].map((option) => option.value));
}

test("Novo documento: the responsible person and the origin are picked from lists (a new origin can be typed)", async ({
  page,
}) => {
  await signIn(page, "staff");
  const options = await filterOptions(page);
  const origin = `Portal parceiro ${UNIQUE}`;
  await createDocument(page, options, "Novo", { cpf: "418.722.397-57", source: origin });

  await page.goto("/documents/new");
  await page.getByLabel("Produto").selectOption({ label: "Seguro Auto" });
  await page.getByLabel("CPF ou CNPJ").fill("418.722.398-38");
  await page.getByLabel("Nome do cliente").fill(`Escolhas ${UNIQUE}`);

  const responsible = page.getByRole("combobox", { name: "Responsável" });
  await expect(responsible).toHaveJSProperty("tagName", "SELECT");
  await expect(responsible).toHaveValue("");
  await expect(responsible.locator("option").first()).toHaveText("Ninguém");
  await responsible.selectOption({ label: "Ana Admin" });
  await keepScreenshot(page, { path: "e2e/screenshots/lead-filters-new-document.png", fullPage: true });

  // The origins already used in the instance are offered; a new one may be typed.
  const source = page.getByRole("combobox", { name: "Origem" });
  await expect.poll(() => offeredOrigins(page)).toContain(origin);
  const typed = `Balcão ${UNIQUE}`;
  await source.fill(typed);

  await page.getByRole("button", { name: "Criar documento" }).click();
  await expect(page).toHaveURL(/\/documents\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split("/").pop());
  const loaded = await api(page, "document/loadById", { id });
  const view = (await loaded.json()) as { fields_to_show: Record<string, unknown> };
  expect(view.fields_to_show.Fonte).toBe(typed);
  await expect(page.getByText("Ana Admin").first()).toBeVisible();

  // The next form offers the origin just typed.
  await page.goto("/documents/new");
  await expect.poll(() => offeredOrigins(page)).toContain(typed);
});
