import { expect, test, type Page } from "@playwright/test";
import { cpfFromBase } from "./support/seed-dashboard.ts";
import { appOrigin, signIn } from "./support/fixtures.ts";
import { E2E_USERS } from "./support/users.ts";

// Own your queue (take a document, "Meus documentos", bulk assign with undo, one-step assign on the
// document page), keep your place (back keeps filters/page/row; previous/next and [ ] walk the list across pages),
// and the dashboard's KPI tiles open their filtered queue. Each test makes its own documents (a CPF of its own).

const STAFF = E2E_USERS.staff.name;
const ADMIN = E2E_USERS.admin.name;
const table = (page: Page) => page.getByRole("region", { name: "Tabela de documentos" }).getByRole("table");
const rowOf = (page: Page, protocol: string) =>
  table(page)
    .locator("tbody tr")
    .filter({ has: page.getByRole("link", { name: protocol, exact: true }) });

async function api(page: Page, route: string, data: unknown, expected = 200) {
  const response = await page.request.post(`/api/${route}`, { data, headers: { origin: appOrigin() } });
  expect(response.status(), await response.text()).toBe(expected);
  return response.json();
}

/** `count` new open documents of one new customer (the CPF is the test's own), oldest first. */
async function createDocuments(page: Page, base: string, count: number) {
  const statuses = (await api(page, "status/loadAll", {})) as Array<{ id: number; name: string }>;
  const products = (await api(page, "product/loadAll", {})) as Array<{ id: number }>;
  const cpf = cpfFromBase(base);
  const created: Array<{ id: number; protocol: string }> = [];
  for (let index = 0; index < count; index += 1) {
    created.push(
      (await api(page, "document/create", {
        status_id: statuses.find((status) => status.name === "Novo")!.id,
        product_id: products[0]!.id,
        cpf,
        name: `Fila ${base} ${index + 1}`,
      })) as { id: number; protocol: string },
    );
  }
  return { cpf, created };
}

async function viewCount(page: Page, view: "mine" | "unassigned"): Promise<number> {
  const badge = page.getByTestId(`view-count-${view}`);
  await expect(badge).toHaveText(/^\d+$/);
  return Number(await badge.textContent());
}

test("take a document from the list and find it under “Meus documentos”; live counts follow", async ({ page }) => {
  await signIn(page, "staff", null);
  const { cpf, created } = await createDocuments(page, "771000001", 1);
  const [document] = created;
  await page.goto(`/documents?cpf=${cpf}`);
  const row = rowOf(page, document!.protocol);
  await expect(row).toBeVisible();
  const mineBefore = await viewCount(page, "mine");
  const unassignedBefore = await viewCount(page, "unassigned");

  await row.getByRole("button", { name: `Assumir o documento ${document!.protocol}` }).click();
  await expect(page.getByTestId("assign-outcome")).toContainText(`Você assumiu ${document!.protocol}.`);
  await expect(row.getByTestId("assignee")).toHaveText(STAFF);
  await expect(page.getByTestId("view-count-mine")).toHaveText(String(mineBefore + 1));
  await expect(page.getByTestId("view-count-unassigned")).toHaveText(String(unassignedBefore - 1));

  await page
    .getByRole("navigation", { name: "Visões da fila" })
    .getByRole("link", { name: /Meus documentos/ })
    .click();
  await expect(page).toHaveURL(/resp=me/);
  await expect(page.getByRole("link", { name: /Meus documentos/ })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("button", { name: "Remover filtro Responsável: Eu" })).toBeVisible();
  await expect(rowOf(page, document!.protocol)).toBeVisible();
  await expect(page.getByText(`${mineBefore + 1} documento`)).toBeVisible();
  // People by name, never by e-mail.
  await expect(table(page)).not.toContainText(E2E_USERS.staff.email);
});

test("bulk-assign two documents to someone else in one step, then undo", async ({ page }) => {
  await signIn(page, "staff", null);
  const { cpf, created } = await createDocuments(page, "771000002", 2);
  await page.goto(`/documents?cpf=${cpf}`);
  for (const document of created) await rowOf(page, document.protocol).getByRole("checkbox").check();
  const bar = page.getByRole("group", { name: "Alterar status" });
  await bar.getByRole("combobox", { name: "Responsável" }).selectOption({ label: ADMIN });
  await bar.getByRole("button", { name: "Atribuir selecionados" }).click();
  const outcome = page.getByTestId("assign-outcome");
  await expect(outcome).toContainText(`2 documentos atribuídos a ${ADMIN}.`);
  for (const document of created)
    await expect(rowOf(page, document.protocol).getByTestId("assignee")).toHaveText(ADMIN);

  // The server recorded it: the filter by that person finds both.
  const options = (await api(page, "documents/filter-options", {})) as { users: { id: number; name: string }[] };
  const admin = options.users.find((user) => user.name === ADMIN)!;
  const byAdmin = (await api(page, "documents/search", { filters: { cpf, assignee: admin.id } })) as { total: number };
  expect(byAdmin.total).toBe(2);

  await outcome.getByRole("button", { name: "Desfazer" }).click();
  await expect(page.getByTestId("assign-outcome")).toContainText("Desfeito: responsável voltou a ser Sem responsável.");
  for (const document of created) {
    await expect(rowOf(page, document.protocol).getByRole("button", { name: /^Assumir o documento/ })).toBeVisible();
  }
  const unassigned = (await api(page, "documents/search", { filters: { cpf, assignee: "none" } })) as {
    total: number;
  };
  expect(unassigned.total).toBe(2);
});

test("on the document page: Assumir, and assigning to someone else is one step with undo", async ({ page }) => {
  await signIn(page, "staff", null);
  const { created } = await createDocuments(page, "771000003", 1);
  await page.goto(`/documents/${created[0]!.id}`);
  await page.getByRole("button", { name: "Assumir", exact: true }).click();
  await expect(page.getByTestId("assign-outcome")).toContainText(`Responsável agora: ${STAFF}.`);
  await page.getByRole("combobox", { name: "Atribuir a" }).selectOption({ label: ADMIN });
  await page.getByRole("button", { name: "Atribuir", exact: true }).click();
  await expect(page.getByTestId("assign-outcome")).toContainText(`Responsável agora: ${ADMIN}.`);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await page.getByTestId("assign-outcome").getByRole("button", { name: "Desfazer" }).click();
  await expect(page.getByTestId("assign-outcome")).toContainText(`Desfeito: responsável voltou a ser ${STAFF}.`);
  await expect(page.getByText(`Responsável: ${STAFF}`, { exact: true })).toBeVisible();
});

test("a viewer sees no Assumir and the server refuses the change", async ({ page, browser }) => {
  await signIn(page, "staff", null);
  const { cpf, created } = await createDocuments(page, "771000004", 1);
  // The viewer in a browser context of its own (nothing of the staff session in it).
  const context = await browser.newContext();
  const viewer = await context.newPage();
  try {
    await signIn(viewer, "viewer", `/documents?cpf=${cpf}`);
    await expect(rowOf(viewer, created[0]!.protocol)).toBeVisible();
    await expect(viewer.getByRole("button", { name: /^Assumir/ })).toHaveCount(0);
    const options = (await api(viewer, "documents/filter-options", {})) as { me: number };
    await api(viewer, "document/updateById", { id: created[0]!.id, user_id: options.me }, 403);
  } finally {
    await context.close();
  }
});

test("previous/next walk a filtered list across pages; back keeps the filter, page and row", async ({ page }) => {
  await signIn(page, "staff", null);
  const { cpf, created } = await createDocuments(page, "771000005", 3);
  const [first, second, third] = created;
  // Two per page, sorted by protocol: page 1 = first, second; page 2 = third.
  await page.goto(`/documents?cpf=${cpf}&sort=protocol&dir=asc&size=2`);
  await rowOf(page, second!.protocol).getByRole("link", { name: second!.protocol }).click();
  await expect(page).toHaveURL(new RegExp(`/documents/${second!.id}\\?`));
  await expect(page.getByTestId("list-position")).toHaveText("2 de 3");

  // The next one is on page 2: `]` works once it is known (the "Próximo" link shows then).
  await expect(page.getByRole("link", { name: /Próximo/ })).toBeVisible();
  await page.getByRole("heading", { level: 1 }).click();
  await page.keyboard.press("]");
  await expect(page).toHaveURL(new RegExp(`/documents/${third!.id}\\?.*page=2`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText(third!.protocol);
  await expect(page.getByTestId("list-position")).toHaveText("3 de 3");
  await expect(page.getByRole("link", { name: /Próximo/ })).toHaveCount(0);

  await page.getByRole("link", { name: /Anterior/ }).click();
  await expect(page).toHaveURL(new RegExp(`/documents/${second!.id}\\?`));
  await expect(page.getByRole("link", { name: /Anterior/ })).toBeVisible();
  await page.getByRole("heading", { level: 1 }).click();
  await page.keyboard.press("[");
  await expect(page).toHaveURL(new RegExp(`/documents/${first!.id}\\?`));
  await expect(page.getByTestId("list-position")).toHaveText("1 de 3");

  await page.getByTestId("back-to-list").click();
  await expect(page).toHaveURL(new RegExp(`/documents\\?cpf=${cpf}.*sort=protocol.*size=2#row-${first!.id}`));
  await expect(page.getByRole("button", { name: `Remover filtro CPF: ${cpf}` })).toBeVisible();
  await expect(rowOf(page, first!.protocol).getByRole("link", { name: first!.protocol })).toBeFocused();

  // From page 2, back returns to page 2.
  await page.goto(`/documents/${third!.id}?cpf=${cpf}&sort=protocol&dir=asc&page=2&size=2`);
  await page.getByTestId("back-to-list").click();
  await expect(page).toHaveURL(/page=2/);
  await expect(rowOf(page, third!.protocol).getByRole("link", { name: third!.protocol })).toBeFocused();
});

test("a KPI tile opens its filtered queue, with the number the tile shows", async ({ page }) => {
  await signIn(page, "staff", null);
  await createDocuments(page, "771000006", 1);
  await page.goto("/dashboard");
  const tile = page.getByTestId("kpi-unassigned");
  // Five counts and the charts load at once; on a loaded machine that takes a while.
  await expect(tile).toHaveText(/^\d+\+?$/, { timeout: 30_000 });
  const shown = (await tile.textContent())!;
  await page.locator('[data-kpi="unassigned"]').click();
  await expect(page).toHaveURL(/\/documents\?.*resp=none/);
  await expect(page).toHaveURL(/state=open/);
  await expect(page.getByRole("button", { name: "Remover filtro Responsável: Sem responsável" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Remover filtro Em aberto" })).toBeVisible();
  await expect(page.getByText(new RegExp(`^${shown.replace("+", "")}\\+? documentos?$`))).toBeVisible();

  await page.goto("/dashboard");
  await expect(page.getByTestId("kpi-lateNow")).toHaveText(/^\d+\+?$/, { timeout: 30_000 });
  await page.locator('[data-kpi="lateNow"]').click();
  await expect(page).toHaveURL(/sla=late/);
  await expect(page.getByRole("button", { name: "Remover filtro SLA: Atrasado" })).toBeVisible();
});

test("create a document from the UI: validated as the API validates, then opened", async ({ page }) => {
  await signIn(page, "staff");
  await page.getByRole("link", { name: "Novo documento" }).click();
  await expect(page).toHaveURL(/\/documents\/new$/);
  await expect(page).toHaveTitle("Novo documento · DocFlow");

  // Nothing chosen and a bad e-mail: the create schema's own messages, under their inputs.
  await page.getByLabel("E-mail").fill("não é e-mail");
  await page.getByRole("button", { name: "Criar documento" }).click();
  await expect(page.getByText("Corrija os campos marcados.")).toBeVisible();
  for (const label of ["Produto", "Status inicial", "CPF ou CNPJ", "E-mail"]) {
    await expect(page.getByLabel(label)).toHaveAttribute("aria-invalid", "true");
  }
  await expect(page.getByLabel("Produto")).toHaveAccessibleDescription(/.+/);

  await page.getByLabel("Produto").selectOption({ label: "Seguro Auto" });
  // The product's columns appear once it is chosen.
  await expect(page.getByRole("group", { name: "Colunas do produto" })).toBeVisible();
  await page.getByLabel("Status inicial").selectOption({ label: "Novo" });
  const cpf = cpfFromBase("771000007");
  await page.getByLabel("CPF ou CNPJ").fill(cpf);
  await page.getByLabel("Nome do cliente").fill("Cliente Criado Pela Tela");
  await page.getByLabel("E-mail").fill("criado@example.com");
  await page
    .getByRole("group", { name: "Colunas do produto" })
    .getByLabel(/^Placa/)
    .fill("UIX1A23");
  await page.getByRole("button", { name: "Criar documento" }).click();

  await expect(page).toHaveURL(/\/documents\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split("/").pop());
  await expect(page.getByTestId("document-status")).toContainText("Novo");
  const view = (await api(page, "document/loadById", { id })) as {
    filled_columns: Record<string, unknown>;
    fields_to_show: Record<string, unknown>;
  };
  expect(view.filled_columns.placa).toBe("UIX1A23");
  expect(String(view.fields_to_show.Cliente)).toMatch(/^C/);
});

test("density: full width at 1,920, one row height per density, no sideways scroll at 1,280", async ({ page }) => {
  await signIn(page, "staff");
  const frame = page.getByRole("region", { name: "Tabela de documentos" }).first();
  const rows = table(page).locator("tbody tr");
  const heights = () =>
    rows.evaluateAll((nodes) => nodes.map((node) => Math.round(node.getBoundingClientRect().height)));
  const sideways = () =>
    frame.evaluate((node) => {
      const scroller = [node, ...node.querySelectorAll("*")].find(
        (element) => getComputedStyle(element).overflowX !== "visible",
      );
      return {
        table: scroller ? scroller.scrollWidth - scroller.clientWidth : 0,
        page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      };
    });

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/documents");
  await expect(rows.first()).toBeVisible();
  await expect(table(page)).toHaveAttribute("data-density", "compact");
  expect(await sideways()).toEqual({ table: 0, page: 0 });
  const compact = await heights();
  expect(new Set(compact).size, `row heights ${compact.join(",")}`).toBe(1);
  expect(compact[0]).toBeLessThanOrEqual(34);

  await page.getByRole("button", { name: "Exibição" }).click();
  await page.getByRole("radio", { name: "Confortável" }).check();
  await expect(table(page)).toHaveAttribute("data-density", "comfortable");
  const comfortable = await heights();
  expect(new Set(comfortable).size, `row heights ${comfortable.join(",")}`).toBe(1);
  expect(comfortable[0]).toBeGreaterThan(compact[0]! + 8);
  await page.getByRole("radio", { name: "Compacta" }).check();
  await page.keyboard.press("Escape");

  await page.setViewportSize({ width: 1920, height: 900 });
  await expect(rows.first()).toBeVisible();
  const width = await table(page).evaluate((node) => node.getBoundingClientRect().width);
  expect(width).toBeGreaterThan(1800);
  expect(await sideways()).toEqual({ table: 0, page: 0 });
});
