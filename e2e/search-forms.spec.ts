import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, signIn } from "./support/fixtures.ts";

// One search and forms that help: the queue's box reads any text as the header's find box does (a name lands on the
// list with what matched, a masked partial CPF is explained in words), Enter in the header box shows every match in
// the list, "Novo documento" speaks pt-BR and offers lists, and numbers read and show the pt-BR way. Run on PGlite and
// on PostgreSQL (E2E_DATABASE_URL).
test.describe.configure({ timeout: 120_000 });

const UNIQUE = `${Date.now()}`.slice(-6);
const WORD = `Raimundo${UNIQUE}`;

async function api(page: Page, route: string, data: unknown) {
  const origin = new URL(page.url()).origin;
  return page.request.post(`/api/${route}`, { data, headers: { origin } });
}

async function createDocument(page: Page, fields: Record<string, unknown>): Promise<{ id: number; protocol: string }> {
  const options = (await (await api(page, "documents/filter-options", {})).json()) as {
    products: { id: number; name: string }[];
    statuses: { id: number; name: string }[];
  };
  const response = await api(page, "document/create", {
    status_id: options.statuses.find((status) => status.name === "Novo")!.id,
    product_id: options.products.find((product) => product.name === "Seguro Auto")!.id,
    ...fields,
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as { id: number; protocol: string };
}

const listBox = (page: Page) => page.getByRole("searchbox", { name: "Buscar na lista" });
const finder = (page: Page) => page.getByRole("combobox", { name: "Buscar documentos" });
const table = (page: Page) => page.getByRole("region", { name: "Tabela de documentos" }).getByRole("table");

test("the queue's box finds a name and says why a masked partial CPF finds nothing", async ({ page }) => {
  await signIn(page, "staff");
  const first = await createDocument(page, { cpf: "853.513.468-93", name: `${WORD} Nonato` });
  const second = await createDocument(page, { cpf: "529.982.247-25", name: `Maria ${WORD}` });

  await page.goto("/documents");
  await listBox(page).fill(WORD.toLowerCase());
  await listBox(page).press("Enter");
  await expect(page).toHaveURL(new RegExp(`[?&]q=${WORD.toLowerCase()}`));
  await expect(page.getByRole("button", { name: `Remover filtro Busca: ${WORD.toLowerCase()}` })).toBeVisible();
  await expect(table(page).getByText(first.protocol)).toBeVisible();
  await expect(table(page).getByText(second.protocol)).toBeVisible();
  await expect(table(page).locator("tbody tr")).toHaveCount(2);

  // Staff see CPFs masked: the first digits are not searched, and the page says so instead of "nothing found".
  await listBox(page).fill("853.513");
  await listBox(page).press("Enter");
  await expect(page.getByText(/Sua função vê CPFs\/CNPJs mascarados/).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("Enter in the header's box shows every match in the list", async ({ page }) => {
  await signIn(page, "staff");
  const word = `Tamiris${UNIQUE}`;
  const a = await createDocument(page, { cpf: "111.444.777-35", name: `${word} Alves` });
  const b = await createDocument(page, { cpf: "111.444.777-35", name: `${word} Barros` });
  await page.goto("/dashboard");
  await finder(page).fill(word);
  await expect(page.getByRole("link", { name: "Ver os 2 na lista" })).toBeVisible();
  await finder(page).press("Enter");
  await expect(page).toHaveURL(/\/documents\?q=/);
  await expect(table(page).getByText(a.protocol)).toBeVisible();
  await expect(table(page).getByText(b.protocol)).toBeVisible();
});

test("Novo documento: pt-BR messages, lists for known values, the product's first status, CPF checked on the field", async ({
  page,
}) => {
  await signIn(page, "staff", "/documents/new");
  await page.getByRole("button", { name: "Criar documento" }).click();
  await expect(page.getByText("Escolha o produto.")).toBeVisible();
  await expect(page.getByText("Escolha o status inicial.")).toBeVisible();
  await expect(page.getByText(/Invalid|expected|received/)).toHaveCount(0);

  await page.getByLabel("Produto").selectOption({ label: "Seguro Auto" });
  await expect(page.getByLabel("Status inicial")).not.toHaveValue("");
  // Modality and SLA are chosen from lists, not typed.
  const modality = page.getByLabel("Modalidade");
  await expect(modality).toHaveJSProperty("tagName", "SELECT");
  expect(await modality.locator("option").count()).toBeGreaterThan(1);
  await expect(page.getByLabel("SLA (horas)")).toHaveJSProperty("tagName", "SELECT");

  const cpf = page.getByLabel("CPF ou CNPJ");
  await cpf.fill("123.456.789-00");
  await page.getByLabel("Nome do cliente").click();
  await expect(page.getByText("CPF inválido: os dígitos verificadores não conferem.")).toBeVisible();
  await expect(cpf).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("E-mail").fill("cliente@");
  await page.getByLabel("Telefone").click();
  await expect(page.getByText("Informe um e-mail válido.")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("the history shows numbers the pt-BR way", async ({ page }) => {
  await signIn(page, "admin");
  const created = await createDocument(page, { cpf: "111.444.777-35", filled_columns: { valor_fipe: 71250.5 } });
  expect(
    (await api(page, "document/updateById", { id: created.id, filled_columns: { valor_fipe: 1234.56 } })).ok(),
  ).toBe(true);
  await page.goto(`/documents/${created.id}`);
  const history = page.locator("section", { has: page.getByRole("heading", { name: "Histórico", exact: true }) });
  await expect(history.getByText("71.250,5", { exact: true }).first()).toBeVisible();
  await expect(history.getByText("1.234,56", { exact: true }).first()).toBeVisible();
  await expect(history.getByText("71250.5")).toHaveCount(0);
});
