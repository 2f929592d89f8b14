import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import Papa from "papaparse";
import { expectNoSeriousA11yViolations, screenshotBothSizes, signIn } from "./support/fixtures.ts";

// Numbers and money typed the Brazilian way on the document page, the
// import preview that checks types, check digits and required columns (with "importar as linhas válidas" and an
// error report), and the spreadsheet export a Brazilian Excel opens as columns.
test.describe.configure({ timeout: 120_000 });

/** Same-origin API call with the signed-in browser's session (cookie-authenticated changes need Origin). */
async function api(page: Page, route: string, data: unknown) {
  const origin = new URL(page.url()).origin;
  return page.request.post(`/api/${route}`, { data, headers: { origin } });
}

async function statusId(page: Page, name: string) {
  const statuses = (await (await api(page, "status/loadAll", {})).json()) as Array<{ id: number; name: string }>;
  return statuses.find((status) => status.name === name)!.id;
}

/** A product of this spec's own (other specs import into the seeded ones: a required column there would trip them). */
async function productWithTypedColumns(page: Page): Promise<number> {
  const origin = new URL(page.url()).origin;
  const created = await page.request.post("/api/admin/settings/products", {
    data: { name: `Financiamento ${Date.now()}` },
    headers: { origin },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  for (const column of [
    { key: "valor_fipe", label: "Valor FIPE", type: "currency" },
    { key: "valor_segurado", label: "Valor segurado", type: "number" },
    { key: "inicio_vigencia", label: "Início da vigência", type: "date" },
    { key: "uso", label: "Uso", type: "enum", options: ["Particular", "Comercial"], required: true },
  ]) {
    const response = await page.request.post(`/api/admin/settings/products/${id}/columns`, {
      data: column,
      headers: { origin },
    });
    expect(response.status()).toBe(201);
  }
  return id;
}

const section = (page: Page, heading: string) =>
  page.locator("section", { has: page.getByRole("heading", { name: heading, exact: true }) });

/** A spreadsheet's reading of a CSV download: the UTF-8 BOM, then `;`-separated cells. */
function readSpreadsheet(bytes: Buffer) {
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const parsed = Papa.parse<string[]>(bytes.subarray(3).toString("utf8"), { delimiter: ";", skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

test("numbers and money typed the Brazilian way are saved as the value shown before saving", async ({ page }) => {
  await signIn(page, "admin");
  // A currency, a number, a date and a required list column (settings API, as the settings page does).
  const productId = await productWithTypedColumns(page);
  const created = await api(page, "document/create", {
    status_id: await statusId(page, "Em análise"),
    product_id: productId,
    cpf: "111.444.777-35",
    name: "Cliente Números",
  });
  const { id } = (await created.json()) as { id: number };
  await page.goto(`/documents/${id}`);
  const columns = section(page, "Campos preenchidos");
  await expect(columns.locator('tr[data-key="uso"]')).toContainText("obrigatório");

  // "71.250,50" in a currency field: the parsed value is shown before saving, and that is what is saved.
  await columns.getByLabel("Nome do campo").fill("valor_fipe");
  await expect(columns.getByLabel("Tipo", { exact: true })).toHaveValue("currency");
  const value = columns.getByLabel("Valor", { exact: true });
  await expect(value).toHaveAttribute("inputmode", "decimal");
  await value.fill("71.250,50");
  await expect(columns.getByTestId("value-preview")).toHaveText(/Será salvo como: R\$\s71\.250,50/);
  await screenshotBothSizes(page, "number-preview");
  await columns.getByRole("button", { name: "Adicionar" }).click();
  await expect(columns.getByText("Campo “Valor FIPE” salvo.")).toBeVisible();
  await expect(columns.locator('tr[data-key="valor_fipe"]')).toContainText(/R\$\s71\.250,50/);

  // The same number spelled "71250,5" and "71250.5" is the same value; "1.234" is refused, not guessed.
  for (const [typed, expected] of [
    ["71250,5", 71250.5],
    ["71250.5", 71250.5],
  ] as const) {
    await columns.getByRole("button", { name: "Editar o campo valor_segurado" }).click();
    await columns.getByLabel("Valor de valor_segurado").fill(typed);
    await expect(columns.getByTestId("value-preview")).toHaveText("Será salvo como: 71.250,5");
    await columns.getByRole("button", { name: "Salvar o campo valor_segurado" }).click();
    await expect(columns.getByLabel("Valor de valor_segurado")).toHaveCount(0); // saved: the editor closed
    await expect(columns.locator('tr[data-key="valor_segurado"]')).toContainText("71.250,5");
    const stored = await (await api(page, "document/loadById", { id })).json();
    expect(stored.filled_columns.valor_segurado).toBe(expected);
  }
  await columns.getByRole("button", { name: "Editar o campo valor_segurado" }).click();
  await columns.getByLabel("Valor de valor_segurado").fill("1.234");
  await columns.getByRole("button", { name: "Salvar o campo valor_segurado" }).click();
  await expect(columns.getByText(/“1\.234” pode ser milhar ou decimal/)).toBeVisible();
  await page.keyboard.press("Escape");

  // A date typed dd/mm/aaaa; an impossible day is refused.
  await columns.getByRole("button", { name: "Editar o campo inicio_vigencia" }).click();
  const date = columns.getByLabel("Valor de inicio_vigencia");
  await expect(date).toHaveAttribute("placeholder", "dd/mm/aaaa");
  await date.fill("31/02/2026");
  await columns.getByRole("button", { name: "Salvar o campo inicio_vigencia" }).click();
  await expect(columns.getByText("Essa data não existe no calendário.")).toBeVisible();
  await date.fill("10/05/2026");
  await columns.getByRole("button", { name: "Salvar o campo inicio_vigencia" }).click();
  await expect(date).toHaveCount(0);
  await expect(columns.locator('tr[data-key="inicio_vigencia"]')).toContainText("10/05/2026");

  // A list column offers its options only.
  await columns.getByRole("button", { name: "Editar o campo uso" }).click();
  await columns.getByLabel("Valor de uso").selectOption("Comercial");
  await columns.getByRole("button", { name: "Salvar o campo uso" }).click();
  // Saved once the editor closes: while the save is on its way the row already contains "Comercial" (the open
  // select's option), and the read below came before the write (PostgreSQL, 2 of 2 attempts).
  await expect(columns.getByLabel("Valor de uso")).toHaveCount(0);
  await expect(columns.locator('tr[data-key="uso"]')).toContainText("Comercial");

  const stored = await (await api(page, "document/loadById", { id })).json();
  expect(stored.filled_columns).toMatchObject({
    valor_fipe: 71250.5,
    valor_segurado: 71250.5,
    inicio_vigencia: "2026-05-10",
    uso: "Comercial",
  });
  await expectNoSeriousA11yViolations(page);
});

test("the import preview checks numbers, check digits and required columns, and imports the valid rows", async ({
  page,
}) => {
  await signIn(page, "staff", "/documents/import");
  const csv = [
    "CPF;Nome;Status;Produto;Placa;Valor segurado",
    "722.000.001-46;Linha Boa;Novo;Seguro Auto;BRA1A11;76.800,00",
    "722.000.002-28;CPF Errado;Novo;Seguro Auto;BRA2B22;1000",
    "11.222.333/0001-81;Número Ambíguo;Novo;Seguro Auto;BRA3C33;1.234",
  ].join("\r\n");
  await page.getByLabel("Arquivo CSV").setInputFiles({
    name: "brasil.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(csv),
  });
  await expect(page.getByText("3 linhas lidas de brasil.csv.")).toBeVisible();
  const preview = page.getByRole("table", { name: /Primeiras 3 linhas/ });
  await expect(preview.locator("tbody tr").nth(0)).toContainText("OK");
  await expect(preview.locator("tbody tr").nth(1)).toContainText("CPF inválido (dígitos verificadores)");
  await expect(preview.locator("tbody tr").nth(2)).toContainText("número ambíguo “1.234”");
  await expect(page.getByRole("button", { name: "Importar 3 documentos" })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
  await screenshotBothSizes(page, "import-preview-errors");

  // The error report: linha;coluna;problema in Portuguese, as a spreadsheet reads it.
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Baixar relatório de erros (CSV)" }).first().click();
  const report = readSpreadsheet(readFileSync(await (await downloading).path()));
  expect(report).toEqual([
    ["linha", "coluna", "problema"],
    ["2", "CPF / identificador", "CPF inválido (dígitos verificadores)"],
    [
      "3",
      "valor_segurado",
      "número ambíguo “1.234”: escreva sem ponto de milhar (1234) ou com vírgula decimal (1,234)",
    ],
  ]);

  await page.getByRole("button", { name: "Importar a única linha válida" }).click();
  await expect(page.getByText(/1 documento importado; 2 linhas ficaram de fora/)).toBeVisible();
  const found = (await (await api(page, "document/loadByCPF", { cpf: "722.000.001-46" })).json()) as Array<{
    filled_columns: Record<string, unknown>;
  }>;
  expect(found).toHaveLength(1);
  expect(found[0]!.filled_columns).toMatchObject({ placa: "BRA1A11", valor_segurado: 76800 });
  const refusedRow = await (await api(page, "document/loadByCPF", { cpf: "722.000.002-28" })).json();
  expect(refusedRow).toEqual([]);
});

test("the unmasked export is offered only to admins (staff get the masked file without the option)", async ({
  page,
}) => {
  await signIn(page, "staff");
  await page.getByRole("button", { name: "Exportar e importar" }).click();
  await page.getByRole("menuitem", { name: "Opções da exportação…" }).click();
  const dialog = page.getByRole("dialog", { name: "Opções da exportação" });
  await expect(dialog.getByText("Colunas", { exact: false }).first()).toBeVisible();
  await expect(dialog.getByLabel("Exportar sem máscara (CPF, e-mail e telefone completos)")).toHaveCount(0);
});

test("the export options open as a panel (Radix Popover) by keyboard; Escape gives focus back; choices stay", async ({
  page,
}) => {
  // The dashboard's export keeps its buttons and popover (the documents list has them in its actions menu).
  await signIn(page, "staff", "/dashboard");
  const options = page.getByRole("button", { name: "Opções da exportação" });
  const panel = page.getByRole("group", { name: "Opções da exportação" });
  await expect(options).toHaveAttribute("aria-expanded", "false");
  await expect(panel).toHaveCount(0);
  // The button is in the server's HTML with aria-expanded="false" already; Enter opens it only once the page runs in
  // the browser, which the dashboard's total (drawn from its first answer) shows.
  await expect(page.getByTestId("dashboard-total")).toBeVisible();
  await options.focus();
  await page.keyboard.press("Enter");
  await expect(options).toHaveAttribute("aria-expanded", "true");
  // Focus moves into the panel, on its first column box; Tab walks the boxes; Space unticks one.
  const first = panel.getByRole("checkbox", { name: "ID", exact: true });
  await expect(first).toBeFocused();
  await page.keyboard.press("Tab");
  const protocol = panel.getByRole("checkbox", { name: "Protocolo" });
  await expect(protocol).toBeFocused();
  await page.keyboard.press("Space");
  await expect(protocol).not.toBeChecked();
  // On screen, over the page, not pushing it down.
  const box = (await panel.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  await page.keyboard.press("Escape");
  await expect(panel).toHaveCount(0);
  await expect(options).toBeFocused();
  await expect(options).toHaveAttribute("aria-expanded", "false");
  // The choice is kept for the next opening (and the next export).
  await page.keyboard.press("Enter");
  await expect(panel.getByRole("checkbox", { name: "Protocolo" })).not.toBeChecked();
  await expect(panel.getByRole("checkbox", { name: "ID", exact: true })).toBeChecked();
  // A click outside closes it.
  await page.getByRole("heading", { level: 1 }).click();
  await expect(panel).toHaveCount(0);
});

test("the spreadsheet export opens as columns, masked by policy; unmasked needs a reason", async ({ page }) => {
  await signIn(page, "admin");
  const menu = page.getByRole("button", { name: "Exportar e importar" });
  const downloading = page.waitForEvent("download");
  await menu.click();
  await page.getByRole("menuitem", { name: "Exportar planilha (CSV)" }).click();
  const rows = readSpreadsheet(readFileSync(await (await downloading).path()));
  expect(rows[0]!.slice(0, 6)).toEqual(["ID", "Protocolo", "CPF/CNPJ", "Nome", "E-mail", "Telefone"]);
  expect(rows.length).toBeGreaterThan(1);
  expect(rows.every((row) => row.length === rows[0]!.length)).toBe(true);
  // The admin role's default policy masks the CPF: no clear CPF in the file.
  const cpfColumn = rows.slice(1).map((row) => row[2]!);
  expect(cpfColumn.filter((cpf) => /^\d{3}\.\d{3}\.\d{3}-\d{2}$/.test(cpf))).toEqual([]);
  expect(rows[1]![rows[0]!.indexOf("Criado em")]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);

  await menu.click();
  await page.getByRole("menuitem", { name: "Opções da exportação…" }).click();
  const options = page.getByRole("dialog", { name: "Opções da exportação" });
  await options.getByLabel("Exportar sem máscara (CPF, e-mail e telefone completos)").check();
  await options.getByRole("button", { name: "Fechar" }).click();
  await menu.click();
  await expect(page.getByRole("menuitem", { name: "Exportar planilha (CSV)" })).toHaveAttribute("data-disabled", "");
  await page.keyboard.press("Escape");
  await menu.click();
  await page.getByRole("menuitem", { name: "Opções da exportação…" }).click();
  await options.getByLabel("Motivo da exportação sem máscara").fill("Pedido do jurídico, processo 123");
  await options.getByRole("button", { name: "Fechar" }).click();
  const unmasked = page.waitForEvent("download");
  await menu.click();
  await page.getByRole("menuitem", { name: "Exportar planilha (CSV)" }).click();
  const clear = readSpreadsheet(readFileSync(await (await unmasked).path()));
  expect(clear.slice(1).some((row) => /^\d{3}\.\d{3}\.\d{3}-\d{2}$/.test(row[2]!))).toBe(true);
});

test("the webhook form says what is wrong with each field in Portuguese, and is cleared after creating", async ({
  page,
}) => {
  await signIn(page, "admin", "/apis/webhooks");
  const url = page.getByLabel("URL");
  await url.fill("http://localhost:9/gancho");
  for (const box of await page.getByRole("group", { name: "Eventos" }).getByRole("checkbox").all()) await box.uncheck();
  await page.getByRole("button", { name: "Cadastrar" }).click();
  await expect(page.getByText("Este endereço não é permitido para webhooks", { exact: false })).toBeVisible();
  await expect(page.getByTestId("webhook-events-error")).toHaveText("Escolha pelo menos um evento.");
  await expect(page.getByText("Alguns campos estão inválidos.")).toHaveCount(0);
  await screenshotBothSizes(page, "webhook-console-errors");

  await url.fill("https://integracao.example.com/gancho");
  await page.getByRole("group", { name: "Eventos" }).getByRole("checkbox").first().check();
  await page.getByRole("button", { name: "Cadastrar" }).click();
  await expect(page.getByRole("textbox", { name: "Segredo de assinatura" })).toHaveValue(/^whsec_/);
  await expect(url).toHaveValue("");
});
