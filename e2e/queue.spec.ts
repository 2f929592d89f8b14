import { expect, test, type Page } from "@playwright/test";
import {
  expectNoSeriousA11yViolations,
  keepScreenshot,
  screenshotBothSizes,
  signIn,
  SIZES,
} from "./support/fixtures.ts";
import { E2E_DOCUMENTS } from "./support/seed-documents.ts";
import { E2E_USERS } from "./support/users.ts";

// The documents list as a queue: the SLA column visible at 768 px, and the list starting near the top (it used to
// start ~730 px down).

const D = E2E_DOCUMENTS;
const table = (page: Page) => page.getByRole("region", { name: "Tabela de documentos" }).getByRole("table");
const bodyRows = (page: Page) => table(page).locator("tbody tr");

/** Rows whose whole box is inside the viewport without scrolling the page. */
async function rowsVisibleWithoutScrolling(page: Page): Promise<number> {
  await expect(bodyRows(page).first()).toBeVisible();
  const height = page.viewportSize()!.height;
  return bodyRows(page).evaluateAll(
    (rows, viewportHeight) =>
      rows.filter((row) => {
        const box = row.getBoundingClientRect();
        return box.height > 0 && box.bottom <= viewportHeight;
      }).length,
    height,
  );
}

async function productId(page: Page, name: string): Promise<number> {
  const response = await page.request.post("/api/documents/filter-options", {
    data: {},
    headers: { origin: new URL(page.url()).origin },
  });
  const options = (await response.json()) as { products: { id: number; name: string }[] };
  return options.products.find((product) => product.name === name)!.id;
}

test("at 1280×800 at least ten rows show without scrolling, also with a product chosen", async ({ page }) => {
  await signIn(page, "staff");
  await expect(page.getByText(/^\d+ documentos$/)).toBeVisible();
  expect(await rowsVisibleWithoutScrolling(page)).toBeGreaterThanOrEqual(10);
  // The full form and the bulk toolbar are not in the way until asked for.
  await expect(page.getByRole("group", { name: "Categorias de status" })).toHaveCount(0);
  await expect(page.getByRole("group", { name: "Alterar status" })).toHaveCount(0);

  await page.goto(`/documents?product=${await productId(page, "Seguro Auto")}`);
  await expect(page.getByRole("button", { name: /^Remover filtro Produto: Seguro Auto/ })).toBeVisible();
  await expect(table(page).getByRole("columnheader", { name: "Valor segurado" })).toBeVisible();
  expect(await rowsVisibleWithoutScrolling(page)).toBeGreaterThanOrEqual(10);
  await expectNoSeriousA11yViolations(page);
  await screenshotBothSizes(page, "queue-product");
});

test("the bulk toolbar appears only with a selection", async ({ page }) => {
  await signIn(page, "staff");
  await expect(bodyRows(page).first()).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Novo status" })).toHaveCount(0);
  await bodyRows(page).first().getByRole("checkbox").check();
  const bar = page.getByRole("group", { name: "Alterar status" });
  await expect(bar).toBeVisible();
  await expect(bar).toContainText("1 documento selecionado");
  await expectNoSeriousA11yViolations(page);
  await screenshotBothSizes(page, "queue-selection");
  await bar.getByRole("button", { name: "Limpar seleção" }).click();
  await expect(bar).toHaveCount(0);
});

test("compact filter bar: CPF box, “Adicionar filtro” popovers and chips; the full form on demand", async ({
  page,
}) => {
  await signIn(page, "staff");
  await page.getByRole("button", { name: "Adicionar filtro" }).click();
  const panel = page.getByRole("group", { name: "Adicionar filtro" });
  await panel.getByRole("button", { name: "Situação do SLA" }).click();
  await panel.getByRole("combobox", { name: "Situação do SLA" }).selectOption({ label: "Atrasado" });
  await panel.getByRole("button", { name: "Aplicar" }).click();
  await expect(page).toHaveURL(/sla=late/);
  await expect(page.getByRole("button", { name: "Remover filtro SLA: Atrasado" })).toBeVisible();
  // Every row shown is late, and its badge says by how much.
  const badges = bodyRows(page).getByTestId("sla-badge");
  // The unfiltered list also opens on late rows (most urgent first): wait until every row shown is the filter's.
  await expect
    .poll(() => badges.evaluateAll((nodes) => nodes.every((node) => node.getAttribute("data-sla") === "late")))
    .toBe(true);
  await expect(badges.first()).toHaveText(/^⚠?Atrasado há \d+ (min|h|dias?)$/);

  await page.getByRole("searchbox", { name: "Buscar na lista" }).fill(D.mariaNew.cpf);
  await page.getByRole("button", { name: "Buscar", exact: true }).click();
  await expect(page).toHaveURL(/cpf=318\.274\.659-64/);
  await expect(bodyRows(page)).toHaveCount(1); // of Maria's four, only the one in analysis is late
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: "Todos os filtros" }).click();
  await expect(page.getByRole("group", { name: "Categorias de status" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshotBothSizes(page, "queue-all-filters");
});

test("SLA as a countdown or an overdue badge", async ({ page }) => {
  await signIn(page, "staff");
  // Typed and submitted once the list runs in the browser (its rows come from its first answer): before that the box
  // is the server's HTML, without the handlers that apply the filter.
  await expect(bodyRows(page).first()).toBeVisible();
  await page.getByRole("searchbox", { name: "Buscar na lista" }).fill(D.mariaNew.cpf);
  await page.keyboard.press("Enter");
  await expect(bodyRows(page)).toHaveCount(4);
  const badge = (protocol: string) => bodyRows(page).filter({ hasText: protocol }).getByTestId("sla-badge");
  await expect(badge(D.mariaNew.protocol)).toHaveText(/^Vence em (29|30) h$/);
  await expect(badge(D.mariaAnalysisLate.protocol)).toHaveText(/^⚠Atrasado há (20|21) h$/);
  await expect(badge(D.mariaDone.protocol)).toHaveText("Encerrado no prazo");
  await expect(badge(D.mariaDone.protocol)).toHaveAttribute("data-sla", "met");
  await expect(badge(D.mariaWaiting.protocol)).toHaveText("Pausado");
  await expect(badge(D.mariaWaiting.protocol)).toHaveAttribute("data-sla", "paused");
  // The default order is "mais urgentes primeiro": open work by deadline (the late one on top), then paused, then
  // finished.
  await expect(page.getByText("Ordem: mais urgentes primeiro")).toBeVisible();
  await expect(bodyRows(page).locator("a[data-row-link]")).toHaveText([
    D.mariaAnalysisLate.protocol,
    D.mariaNew.protocol,
    D.mariaWaiting.protocol,
    D.mariaDone.protocol,
  ]);
});

test("keyboard: / focuses the find box, j/k move between rows, Enter opens", async ({ page }) => {
  await signIn(page, "staff");
  await expect(bodyRows(page).first()).toBeVisible();
  await page.keyboard.press("/");
  await expect(page.getByRole("combobox", { name: "Buscar documentos" })).toBeFocused();
  await page.keyboard.press("Escape");
  await page.getByRole("searchbox", { name: "Buscar na lista" }).click();
  await page.keyboard.type(D.bulkFirst.cpf);
  await page.keyboard.press("Enter");
  await expect(bodyRows(page)).toHaveCount(3);
  await page.locator("h1").click(); // leave the search box: letters typed there are text
  const links = bodyRows(page).locator("a[data-row-link]");
  await page.keyboard.press("j");
  await expect(links.nth(0)).toBeFocused();
  await page.keyboard.press("j");
  await expect(links.nth(1)).toBeFocused();
  await page.keyboard.press("k");
  await expect(links.nth(0)).toBeFocused();
  const protocol = await links.nth(0).innerText();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/documents\/\d+(\?|$)/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(protocol);
});

test("density and columns are remembered per user", async ({ page }) => {
  await signIn(page, "staff");
  await expect(table(page)).toHaveAttribute("data-density", "compact");
  await page.getByRole("button", { name: "Exibição" }).click();
  const panel = page.getByRole("group", { name: "Exibição" });
  await panel.getByRole("radio", { name: "Confortável" }).check();
  await panel.getByRole("checkbox", { name: "CPF/CNPJ" }).uncheck();
  await page.keyboard.press("Escape");
  await expect(table(page)).toHaveAttribute("data-density", "comfortable");
  await expect(table(page).getByRole("columnheader", { name: "CPF/CNPJ" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await page.reload();
  await expect(table(page)).toHaveAttribute("data-density", "comfortable");
  await expect(table(page).getByRole("columnheader", { name: "CPF/CNPJ" })).toHaveCount(0);
  const keys = await page.evaluate(() => Object.keys(window.localStorage));
  expect(keys.some((key) => /^docflow:documents-list-view:\d+$/.test(key))).toBe(true);

  // Another user in the same browser keeps their own (default) view.
  await page.context().clearCookies();
  await signIn(page, "admin");
  await expect(table(page)).toHaveAttribute("data-density", "compact");
  await expect(table(page).getByRole("columnheader", { name: "CPF/CNPJ" })).toBeVisible();
  expect(E2E_USERS.admin.email).not.toBe(E2E_USERS.staff.email);
});

test("at 768 px the SLA deadline column is on screen without sideways scrolling", async ({ page }) => {
  await page.setViewportSize(SIZES.tablet);
  await signIn(page, "staff");
  const header = table(page).getByRole("columnheader", { name: /Prazo \(SLA\)/ });
  await expect(header).toBeVisible();
  // The ticked columns after it are reached by scrolling the table's own region (by keyboard too), not hidden.
  const region = page.locator('div[role="region"][aria-label="Tabela de documentos"]');
  await expect(region).toHaveAttribute("tabindex", "0");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(SIZES.tablet.width);
  const box = (await header.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(SIZES.tablet.width);
  await expect(
    bodyRows(page).first().getByTestId("sla-badge").or(bodyRows(page).first().getByText("Sem SLA")),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await keepScreenshot(page, { path: "e2e/screenshots/queue-tablet-768.png" });
});
