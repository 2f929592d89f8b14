import { expect, test, type Page } from "@playwright/test";
import { appOrigin, expectNoSeriousA11yViolations, keepScreenshot, signIn } from "./support/fixtures.ts";
import { subjectCpf } from "./support/lgpd-officer.ts";
import { E2E_DOCUMENTS } from "./support/seed-documents.ts";

// The documents list keeps its word: a column ticked in "Exibição" is on the page (the table scrolls sideways
// instead of hiding it), one primary action with the rest in a menu, cards on a phone with the first case on the
// first screen, "Assumir" and bulk status moves only where the workflow allows them, and "select all N matching".

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const table = (page: Page) => page.getByRole("region", { name: "Tabela de documentos" }).getByRole("table");
const row = (page: Page, protocol: string) =>
  table(page)
    .locator("tbody tr")
    .filter({ has: page.getByRole("link", { name: protocol, exact: true }) });

test("at 1440 px a column ticked in “Exibição” is shown (the table scrolls sideways instead)", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, "staff");
  await expect(table(page).locator("tbody tr").first()).toBeVisible();
  await page.getByRole("button", { name: "Exibição" }).click();
  for (const name of ["Modalidade", "Criado em", "Produto e colunas do produto", "Responsável"]) {
    await page.getByRole("checkbox", { name, exact: true }).check();
  }
  await page.keyboard.press("Escape");
  for (const name of ["Modalidade", "Criado em", "Produto", "Responsável", "Prazo (SLA)"]) {
    await expect(table(page).getByRole("columnheader", { name, exact: false }).first()).toBeVisible();
  }
  // Unticking hides it again.
  await page.getByRole("button", { name: "Exibição" }).click();
  await page.getByRole("checkbox", { name: "Modalidade", exact: true }).uncheck();
  await page.keyboard.press("Escape");
  await expect(table(page).getByRole("columnheader", { name: "Modalidade" })).toHaveCount(0);
  await keepScreenshot(page, { path: "e2e/screenshots/queue-word-columns-1440.png" });
});

test("one primary action at the top right; exports, export options and import in one menu", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, "staff");
  await expect(table(page).locator("tbody tr").first()).toBeVisible();
  // Nothing but "Novo documento" and the menu's button in the header row.
  await expect(page.getByRole("button", { name: "Exportar planilha (CSV)" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Importar CSV" })).toHaveCount(0);
  const create = page.getByRole("link", { name: "Novo documento" });
  const more = page.getByRole("button", { name: "Exportar e importar" });
  const createBox = (await create.boundingBox())!;
  const moreBox = (await more.boundingBox())!;
  expect(createBox.x).toBeGreaterThan(moreBox.x);
  expect(createBox.x + createBox.width).toBeGreaterThan(DESKTOP.width - 80);
  expect(Math.abs(createBox.y - moreBox.y)).toBeLessThan(8);

  await more.click();
  const menu = page.getByRole("menu", { name: "Exportar e importar" });
  await expect(menu.getByRole("menuitem")).toHaveText([
    "Exportar planilha (CSV)",
    "Exportar planilha (Excel, XLSX)",
    "Opções da exportação…",
    "Importar CSV",
  ]);
  await expectNoSeriousA11yViolations(page);
  await keepScreenshot(page, { path: "e2e/screenshots/queue-word-menu-1440.png" });
  // The CSV export from the menu downloads the list's file.
  const downloading = page.waitForEvent("download");
  await menu.getByRole("menuitem", { name: "Exportar planilha (CSV)" }).click();
  expect((await downloading).suggestedFilename()).toMatch(/\.csv$/);
  // The options open as a dialog; the import is a link to its page.
  await more.click();
  await page.getByRole("menuitem", { name: "Opções da exportação…" }).click();
  const options = page.getByRole("dialog", { name: "Opções da exportação" });
  await expect(options.getByRole("checkbox", { name: "Protocolo" })).toBeChecked();
  await options.getByRole("button", { name: "Fechar" }).click();
  await expect(more).toBeFocused();
  await more.click();
  await page.getByRole("menuitem", { name: "Importar CSV" }).click();
  await expect(page).toHaveURL(/\/documents\/import$/);
});

test("on a phone the list is cards, the first case within the first screen, names whole", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signIn(page, "staff");
  const cards = page.getByRole("list", { name: "Tabela de documentos" });
  const first = cards.getByRole("listitem").first();
  await expect(first).toBeVisible();
  await expect(table(page)).toBeHidden();
  const box = (await first.boundingBox())!;
  expect(box.y + box.height, `first card ends at ${box.y + box.height} px`).toBeLessThanOrEqual(PHONE.height);
  // The card shows the case: protocol, status, name, deadline — the name not cut with "…".
  await expect(first.getByRole("link").first()).toBeVisible();
  const names = cards.getByTestId("name");
  const cut = await names.evaluateAll((nodes) =>
    nodes.filter((node) => node.scrollWidth > node.clientWidth + 1).map((node) => node.textContent),
  );
  expect(cut).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectNoSeriousA11yViolations(page);
  await keepScreenshot(page, { path: "e2e/screenshots/queue-word-phone-390.png" });
});

test("“Assumir” is not offered on finished or cancelled cases", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, "staff", `/documents?cpf=${encodeURIComponent(E2E_DOCUMENTS.mariaDone.cpf)}`);
  const done = row(page, E2E_DOCUMENTS.mariaDone.protocol);
  await expect(done).toBeVisible();
  await expect(done.getByRole("button", { name: /^Assumir/ })).toHaveCount(0);
  // An open case without a responsible still offers it.
  await expect(row(page, E2E_DOCUMENTS.mariaNew.protocol).getByRole("button", { name: /^Assumir/ })).toBeVisible();
  // Cancelled ones neither.
  await page.goto("/documents?state=finished&resp=none");
  await expect(table(page).locator("tbody tr").first()).toBeVisible();
  await expect(table(page).getByRole("button", { name: /^Assumir/ })).toHaveCount(0);
});

test("bulk “Novo status” offers only the allowed moves and says why the others are not", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, "staff", `/documents?cpf=${encodeURIComponent(E2E_DOCUMENTS.mariaNew.cpf)}`);
  await row(page, E2E_DOCUMENTS.mariaNew.protocol).getByRole("checkbox").check();
  const select = page.getByRole("combobox", { name: "Novo status" });
  // From "Novo" the seeded workflow allows "Em análise" and "Cancelado" only.
  await expect(select.locator("option:not([disabled])")).toHaveText(["Escolha…", "Em análise", "Cancelado"]);
  await expect(select.locator("option", { hasText: "Em execução" })).toBeDisabled();
  await expect(select.locator("option", { hasText: "Em execução" })).toContainText("não permitido a partir de “Novo”");
  // With a finished case in the selection, nothing is allowed, and the reason names the final status.
  await row(page, E2E_DOCUMENTS.mariaDone.protocol).getByRole("checkbox").check();
  await expect(select.locator("option:not([disabled])")).toHaveText(["Escolha…"]);
  await expect(select.locator("option", { hasText: "Em análise" })).toContainText("“Concluído” é final");
  await keepScreenshot(page, { path: "e2e/screenshots/queue-word-bulk-1440.png" });
});

test("select all N matching goes beyond the page", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, "staff", "/documents?size=10");
  const count = page.getByText(/^\d+ documentos$/);
  await expect(count).toBeVisible();
  const total = Number((await count.textContent())!.replace(/\D/g, ""));
  expect(total).toBeGreaterThan(10);
  await table(page).getByRole("checkbox", { name: "Selecionar todos" }).check();
  const bar = page.getByRole("group", { name: "Alterar status" });
  await expect(bar).toContainText("10 documentos selecionados");
  await bar.getByRole("button", { name: `Selecionar todos os ${total} documentos da busca` }).click();
  await expect(bar).toContainText(`${total} documentos selecionados`);
  await bar.getByRole("button", { name: "Limpar seleção" }).click();
  await expect(bar).toHaveCount(0);
});

test("the tab counts and the list's count agree: what “Assumir” takes is what “Meus documentos” counts", async ({
  page,
}) => {
  // The cause of "Meus documentos 66" over "78 documentos": "Assumir" was offered on finished and cancelled cases, so
  // an operator's taken cases included finished ones — counted by the list filtered on "Responsável: eu", never by
  // the tab (open cases). A customer of this spec's own with an open and a finished case, both without a responsible.
  await page.setViewportSize(DESKTOP);
  await signIn(page, "staff", null);
  const origin = appOrigin();
  const cpf = subjectCpf(737_001_002);
  const catalog = (await (
    await page.request.post("/api/documents/filter-options", { data: {}, headers: { origin } })
  ).json()) as { statuses: Array<{ id: number; name: string }>; products: Array<{ id: number }> };
  const statusId = (name: string) => catalog.statuses.find((status) => status.name === name)!.id;
  for (const status of ["Novo", "Concluído"]) {
    const created = await page.request.post("/api/document/create", {
      data: { status_id: statusId(status), product_id: catalog.products[0]!.id, cpf, name: "Otávio Queiroz" },
      headers: { origin },
    });
    expect(created.status(), await created.text()).toBe(200);
  }
  // Take every case "Assumir" is offered on.
  await page.goto(`/documents?cpf=${cpf}`);
  await expect(table(page).locator("tbody tr")).toHaveCount(2);
  const take = table(page).getByRole("button", { name: /^Assumir/ });
  while ((await take.count()) > 0) {
    const before = await take.count();
    await take.first().click();
    await expect(take).toHaveCount(before - 1);
  }
  // Mine for this customer: the same number whether finished ones are counted or not.
  const count = async (query: string) => {
    await page.goto(`/documents?${query}`);
    const text = page.getByText(/^\d+ documentos?$/);
    await expect(text).toBeVisible();
    return Number((await text.textContent())!.replace(/\D/g, ""));
  };
  expect(await count(`cpf=${cpf}&resp=me`)).toBe(await count(`cpf=${cpf}&resp=me&state=open`));
  // And the tab's count is the list's count on that tab.
  await page.goto("/documents");
  await page.locator('a[data-view="mine"]').click();
  const tab = page.getByTestId("view-count-mine");
  await expect(tab).toHaveText(/^\d+$/);
  const tabCount = Number(await tab.textContent());
  await expect(page.getByText(/^\d+ documentos?$/)).toHaveText(`${tabCount} documento${tabCount === 1 ? "" : "s"}`);
});
