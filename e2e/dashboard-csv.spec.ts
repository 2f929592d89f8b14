import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import Papa from "papaparse";
import { expectNoSeriousA11yViolations, screenshotBothSizes, signIn, SIZES } from "./support/fixtures.ts";
import { maskIdentifier } from "../lib/identifiers/identifiers.ts";
import { cpfFromBase, DASHBOARD_PRODUCT } from "./support/seed-dashboard.ts";

// Seeded by e2e/support/seed-dashboard.ts: 8 documents of "Dashboard Produto" (5 open, 3 finished in June 2026).

async function chartTable(page: Page, title: string) {
  const region = page.getByRole("region", { name: title, exact: true });
  await region.getByText("Ver tabela").click();
  const rows = region.locator("tbody tr");
  const result: string[][] = [];
  for (const row of await rows.all()) {
    result.push((await row.locator("th, td").allInnerTexts()).map((text) => text.trim()));
  }
  return result;
}

async function filterByProduct(page: Page, from = "", to = "") {
  await page.getByLabel("Produto", { exact: true }).selectOption({ label: DASHBOARD_PRODUCT });
  if (from) await page.getByLabel("Criados de", { exact: true }).fill(from);
  if (to) await page.getByLabel("Criados até", { exact: true }).fill(to);
  await page.getByRole("button", { name: "Aplicar" }).click();
}

test("the dashboard shows the seeded numbers, as charts and as tables", async ({ page }) => {
  await signIn(page, "viewer");
  await page.getByRole("navigation", { name: "Menu principal" }).getByRole("link", { name: "Painel" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Painel" })).toBeVisible();
  await filterByProduct(page);
  await expect(page.getByTestId("dashboard-total")).toHaveText("8 documentos no filtro");

  expect(await chartTable(page, "Documentos por categoria")).toEqual([
    ["Acesso", "Aberto", "1"],
    ["Em andamento", "Aberto", "3"],
    ["Pausados", "Pausado", "1"],
    ["Finalizados", "Finalizado", "2"],
    ["Inválidos", "Finalizado", "1"],
  ]);
  expect(await chartTable(page, "Prazo de SLA")).toEqual([
    ["Abertos", "1", "3", "1", "5"],
    ["Finalizados", "1", "1", "1", "3"],
  ]);
  expect(await chartTable(page, "Dias de atraso dos documentos abertos")).toEqual([
    ["até 1 dia", "0"],
    ["1–3 dias", "1"],
    ["3–7 dias", "0"],
    ["7–15 dias", "1"],
    ["15–30 dias", "0"],
    ["30 dias ou mais", "1"],
  ]);
  const byProduct = await chartTable(page, "Cumprimento de SLA por produto");
  expect(byProduct).toHaveLength(1);
  expect(byProduct[0]!.slice(1)).toEqual([DASHBOARD_PRODUCT, "2", "1", "50%"]);
  expect(byProduct[0]![0]).toMatch(/jun/i);
  expect((await chartTable(page, "Cumprimento de SLA por modalidade"))[0]!.slice(1)).toEqual(["24x7", "2", "1", "50%"]);

  // Weekly compliance: the two June documents finished in different weeks.
  await page.getByLabel("Cumprimento por", { exact: true }).selectOption("week");
  const region = page.getByRole("region", { name: "Cumprimento de SLA por produto", exact: true });
  await expect(region.locator("tbody tr")).toHaveCount(2);
  await expect(region.locator("tbody tr").first()).toContainText("Semana de 08/06");

  // The period narrows the counts (creation dates in São Paulo).
  await page.getByLabel("Cumprimento por", { exact: true }).selectOption("month");
  await filterByProduct(page, "2026-09-01", "2026-09-30");
  await expect(page.getByTestId("dashboard-total")).toHaveText("5 documentos no filtro");
  await expect(page.getByRole("region", { name: "Cumprimento de SLA por produto", exact: true })).toContainText(
    "Nenhum documento finalizado com SLA neste filtro.",
  );

  await page.getByRole("button", { name: "Limpar filtros" }).click();
  await filterByProduct(page);
  await expect(page.getByTestId("dashboard-total")).toHaveText("8 documentos no filtro");
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize(SIZES.tablet);
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize(SIZES.laptop);
  await screenshotBothSizes(page, "dashboard");
});

test("exports exactly the filtered documents as CSV, with progress", async ({ page }) => {
  await signIn(page, "staff", "/dashboard");
  await filterByProduct(page, "2026-06-01", "2026-06-30");
  await expect(page.getByTestId("dashboard-total")).toHaveText("3 documentos no filtro");

  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Exportar planilha (CSV)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^documentos-\d{8}-\d{4}\.csv$/);
  await expect(page.getByText(/CSV salvo: 3 linhas/)).toBeVisible();

  const bytes = readFileSync(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  // Read as a Brazilian spreadsheet reads it: BOM, then `;`-separated cells with Portuguese headers.
  const parsed = Papa.parse<Record<string, string>>(bytes.subarray(3).toString("utf8"), {
    header: true,
    delimiter: ";",
    skipEmptyLines: true,
  });
  expect(parsed.errors).toEqual([]);
  expect(parsed.meta.fields).toEqual([
    "ID",
    "Protocolo",
    "CPF/CNPJ",
    "Nome",
    "E-mail",
    "Telefone",
    "Status",
    "Categoria",
    "Produto",
    "Modalidade",
    "SLA (horas)",
    "Prazo do SLA",
    "Criado em",
    "Atualizado em",
    "Finalizado em",
    "Apólice",
  ]);
  // The staff role's masking policy applies to the file as to the list (the CPF masked).
  expect(parsed.data.map((row) => [row.Protocolo, row.Status, row.Produto, row["Apólice"], row["CPF/CNPJ"]])).toEqual([
    ["DASH-000006", "Concluído", DASHBOARD_PRODUCT, "AP-d6", maskIdentifier(cpfFromBase("900000006"))],
    ["DASH-000007", "Concluído", DASHBOARD_PRODUCT, "AP-d7", maskIdentifier(cpfFromBase("900000007"))],
    ["DASH-000008", "Cancelado", DASHBOARD_PRODUCT, "AP-d8", maskIdentifier(cpfFromBase("900000008"))],
  ]);
  expect(parsed.data[1]!.Nome).toBe("'=1+1 Cliente Fórmula");
  expect(parsed.data[0]!["Criado em"]).toMatch(/^\d{2}\/06\/2026 \d{2}:\d{2}$/);
  await screenshotBothSizes(page, "dashboard-export");
});

const IMPORT_CPFS = ["901000001", "901000002", "901000003"].map(cpfFromBase);

function importCsv(secondStatus: string) {
  return [
    "CPF;Nome;Status;Produto;E-mail;Placa",
    `${IMPORT_CPFS[0]};Importado Um;Novo;Seguro Auto;um@import.example;IMP1A11`,
    `${IMPORT_CPFS[1]};Importado Dois;${secondStatus};Seguro Auto;dois@import.example;IMP2B22`,
    `${IMPORT_CPFS[2]};"Importado Três; com ponto e vírgula";Em análise;Seguro Auto;tres@import.example;IMP3C33`,
  ].join("\r\n");
}

async function countByCpf(page: Page, cpf: string): Promise<number> {
  const response = await page.request.get(
    `/api/documents/export.csv?filter=${encodeURIComponent(JSON.stringify({ cpf }))}`,
  );
  expect(response.status()).toBe(200);
  return Number(response.headers()["x-total-count"]);
}

test("imports a CSV all or nothing: a bad row blocks everything until fixed", async ({ page }) => {
  await signIn(page, "staff", "/documents/import");
  await expect(page.getByRole("heading", { level: 1, name: "Importar documentos de CSV" })).toBeVisible();

  const file = page.getByLabel("Arquivo CSV");
  await file.setInputFiles({
    name: "importar.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(importCsv("Inexistente")),
  });
  await expect(page.getByText("3 linhas lidas de importar.csv.")).toBeVisible();
  // Headers were recognised: CPF, Nome, Status, Produto, E-mail; "Placa" is the product's column.
  await expect(page.getByLabel("Campo para a coluna CPF")).toHaveValue("cpf");
  await expect(page.getByLabel("Campo para a coluna Status")).toHaveValue("status");
  await expect(page.getByLabel("Campo para a coluna Placa")).toHaveValue("column");

  const preview = page.getByRole("table", { name: /Primeiras 3 linhas/ });
  // The row error is in Portuguese (from its code + params), never the API's English text.
  await expect(preview.locator("tbody tr").nth(1)).toContainText(
    "Status (nome ou id): status desconhecido “Inexistente”",
  );
  await expect(page.locator("main")).not.toContainText("Unknown status");
  await expect(preview.locator("tbody tr").nth(0)).toContainText("OK");
  await expect(page.getByText(/1 linha tem erro/)).toBeVisible();
  // The import would be refused whole: the button says so by being disabled until the file is fixed.
  await expect(page.getByRole("button", { name: "Importar 3 documentos" })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize(SIZES.tablet); // the preview table scrolls sideways there
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize(SIZES.laptop);
  await screenshotBothSizes(page, "import-refused");

  // The server stays the authority and says the same with codes: row 2, status, unknown_status {value}.
  const refused = await page.request.post("/api/documents/import", {
    headers: { origin: new URL(page.url()).origin },
    data: {
      rows: [
        { cpf: IMPORT_CPFS[0], status: "Novo", product: "Seguro Auto" },
        { cpf: IMPORT_CPFS[1], status: "Inexistente", product: "Seguro Auto" },
      ],
    },
  });
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toMatchObject({
    code: "import_rows_invalid",
    params: { rows: 1 },
    errors: [{ row: 2, path: "status", code: "unknown_status", params: { value: "Inexistente" } }],
  });
  for (const cpf of IMPORT_CPFS) expect(await countByCpf(page, cpf)).toBe(0);

  await file.setInputFiles({
    name: "corrigido.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(importCsv("Em análise")),
  });
  await expect(page.getByText("3 linhas lidas de corrigido.csv.")).toBeVisible();
  await expect(page.getByText("Todas as 3 linhas estão válidas.")).toBeVisible();
  await page.getByRole("button", { name: "Importar 3 documentos" }).click();
  await expect(page.getByText("3 documentos importados.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Importar 3 documentos" })).toBeDisabled(); // no double import
  for (const cpf of IMPORT_CPFS) expect(await countByCpf(page, cpf)).toBe(1);

  const exported = await page.request.get(
    `/api/documents/export.csv?filter=${encodeURIComponent(JSON.stringify({ cpf: IMPORT_CPFS[2] }))}`,
  );
  const [row] = Papa.parse<Record<string, string>>((await exported.text()).replace(/^\uFEFF/, ""), {
    header: true,
    delimiter: ";",
    skipEmptyLines: true,
  }).data;
  expect(row).toMatchObject({ Nome: "Importado Três; com ponto e vírgula", Status: "Em análise", Placa: "IMP3C33" });
  await expectNoSeriousA11yViolations(page);
  await screenshotBothSizes(page, "import-done");
});

test("viewers cannot open the import page", async ({ page }) => {
  await signIn(page, "viewer", "/documents/import");
  await expect(page).toHaveURL(/\/forbidden/);
});
