import { readFileSync, truncateSync, writeFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { appOrigin, expectNoSeriousA11yViolations, screenshotBothSizes, signIn } from "./support/fixtures.ts";
import { DOCUMENT_PAGE_FIXTURES } from "./support/seed-document-page.ts";
import { SAMPLE_FILES, samplePdf } from "../tests/helpers/sample-files.ts";

// The staff document page (/documents/<id>): one test per journey, each on its own seeded document.
// The journeys are long (a dozen round trips, two screenshots, axe); on a shared 2-core machine they need more than
// the default minute.
test.describe.configure({ timeout: 120_000 });

type Fixture = keyof typeof DOCUMENT_PAGE_FIXTURES;

/** Same-origin API call with the signed-in browser's session (cookie-authenticated changes need Origin). */
async function api(page: Page, route: string, data: unknown) {
  return page.request.post(`/api/${route}`, { data, headers: { origin: appOrigin() } });
}

async function documentId(page: Page, fixture: Fixture): Promise<number> {
  const response = await api(page, "document/loadByCPF", { cpf: DOCUMENT_PAGE_FIXTURES[fixture].cpf });
  expect(response.status()).toBe(200);
  const [document] = (await response.json()) as Array<{ id: number }>;
  return document!.id;
}

async function statusIds(page: Page): Promise<Record<string, number>> {
  const response = await api(page, "status/loadAll", {});
  const statuses = (await response.json()) as Array<{ id: number; name: string }>;
  return Object.fromEntries(statuses.map((status) => [status.name, status.id]));
}

async function openDocument(page: Page, fixture: Fixture) {
  const id = await documentId(page, fixture);
  await page.goto(`/documents/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  return id;
}

const section = (page: Page, heading: string) =>
  page.locator("section", { has: page.getByRole("heading", { name: heading, exact: true }) });
const history = (page: Page) => section(page, "Histórico");
const entry = (page: Page, action: string) => history(page).locator(`li[data-action="${action}"]`);

test("a staff user opens a document: protocol, status, masked customer data, product, SLA and history", async ({
  page,
}) => {
  await signIn(page, "staff", null);
  const id = await openDocument(page, "open");
  const view = await (await page.request.get(`/api/documents/${id}`)).json();

  await expect(page.getByRole("heading", { level: 1 })).toContainText(view.document.protocol);
  await expect(page).toHaveTitle(new RegExp(view.document.protocol));
  const badge = page.getByTestId("document-status").getByText("Em análise", { exact: true });
  await expect(badge).toHaveCSS("background-color", "rgb(254, 249, 195)");
  await expect(badge).toHaveCSS("color", "rgb(113, 63, 18)");
  // Personal data is masked as the role's policy says until revealed — by default the name shows, as on the list,
  // and the identifier and contacts are masked; the identifier is flagged as a valid CPF.
  const personal = section(page, "Dados do cliente");
  await expect(personal).toContainText("***.982.247-**");
  await expect(personal).toContainText("Helena Duarte Rocha");
  await expect(personal).toContainText("h***********@e******.com");
  await expect(personal.getByText("CPF válido")).toBeVisible();
  await expect(page.locator("main")).not.toContainText("helena.rocha@");
  const summary = section(page, "Resumo");
  await expect(summary).toContainText("Seguro Auto");
  await expect(summary).toContainText("Análise");
  await expect(summary).toContainText("Horário comercial (horário útil)");
  await expect(summary).toContainText("Sérgio Staff");
  await expect(summary).toContainText("No prazo");
  await expect(summary).toContainText(/Faltam \d/);
  const columns = section(page, "Campos preenchidos");
  await expect(columns.locator('tr[data-key="placa"]')).toContainText("BRA2E19");
  await expect(columns.locator('tr[data-key="valor_segurado"]')).toContainText("85.000");
  await expect(columns.locator('tr[data-key="inicio_vigencia"]')).toContainText("01/03/2026");
  await expect(columns.locator('tr[data-key="corretor"]')).toContainText("Ana Corretora");
  await expect(entry(page, "create")).toContainText("Documento criado");
  // The seed acts as a system actor: named "Sistema", not by its machine label ("system:e2e-seed").
  await expect(entry(page, "create")).toContainText("Documento criado por Sistema");
  await expect(entry(page, "update").first()).toContainText("Status: Novo → Em análise");
  await expect(entry(page, "update").first()).toContainText("Responsável: — → Sérgio Staff");

  await expectNoSeriousA11yViolations(page);
  await screenshotBothSizes(page, "document-page-open");

  await page.goto("/documents/999999");
  await expect(page.getByRole("heading", { name: "Documento não encontrado" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Voltar aos documentos" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("a staff user edits filled_columns: adds, changes and removes keys with type-aware inputs", async ({ page }) => {
  await signIn(page, "staff", null);
  const id = await openDocument(page, "columns");
  const columns = section(page, "Campos preenchidos");

  // Change a product column (text), by keyboard: Enter opens the editor with focus in the value, Escape cancels,
  // Enter saves, and focus returns to the row's Edit button.
  const editPlaca = columns.getByRole("button", { name: "Editar o campo placa" });
  await editPlaca.focus();
  await page.keyboard.press("Enter");
  await expect(columns.getByLabel("Valor de placa")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(editPlaca).toBeFocused();
  await page.keyboard.press("Enter");
  // The select-all and the typing go to the editor only once it holds the focus.
  await expect(columns.getByLabel("Valor de placa")).toBeFocused();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("NEW1A23");
  await page.keyboard.press("Enter");
  await expect(columns.getByText("Campo “placa” salvo.")).toBeVisible();
  await expect(columns.locator('tr[data-key="placa"]')).toContainText("NEW1A23");
  await expect(editPlaca).toBeFocused();

  // Add a typed product column: the type follows the column (number), the input takes pt-BR decimals.
  await columns.getByLabel("Nome do campo").fill("valor_segurado");
  await expect(columns.getByLabel("Tipo", { exact: true })).toBeDisabled();
  await expect(columns.getByLabel("Tipo", { exact: true })).toHaveValue("number");
  await expect(columns.getByLabel("Valor", { exact: true })).toHaveAttribute("inputmode", "decimal");
  await columns.getByLabel("Valor", { exact: true }).fill("12345.5");
  await columns.getByRole("button", { name: "Adicionar" }).click();
  await expect(columns.locator('tr[data-key="valor_segurado"]')).toContainText("12.345,5");

  // A date column through its row, typed dd/mm/aaaa (ISO is accepted too).
  await columns.getByRole("button", { name: "Editar o campo inicio_vigencia" }).click();
  await expect(columns.getByLabel("Valor de inicio_vigencia")).toHaveAttribute("placeholder", "dd/mm/aaaa");
  await columns.getByLabel("Valor de inicio_vigencia").fill("2026-05-10");
  await columns.getByRole("button", { name: "Salvar o campo inicio_vigencia" }).click();
  await expect(columns.locator('tr[data-key="inicio_vigencia"]')).toContainText("10/05/2026");

  // A free key as JSON; invalid JSON is refused before any request.
  await columns.getByLabel("Nome do campo").fill("extras");
  await columns.getByLabel("Tipo", { exact: true }).selectOption("json");
  await columns.getByLabel("Valor", { exact: true }).fill("{oops");
  await columns.getByRole("button", { name: "Adicionar" }).click();
  await expect(columns.getByText("JSON inválido.")).toBeVisible();
  await columns.getByLabel("Valor", { exact: true }).fill('{"pago": true, "parcelas": 3}');
  await columns.getByRole("button", { name: "Adicionar" }).click();
  await expect(columns.locator('tr[data-key="extras"]')).toContainText('{"pago":true,"parcelas":3}');

  // Remove a key, with confirmation.
  await columns.getByRole("button", { name: "Remover o campo apolice_anterior" }).click();
  const dialog = page.getByRole("dialog", { name: "Remover campo" });
  await expect(dialog).toContainText("Remover o campo “apolice_anterior”?");
  await dialog.getByRole("button", { name: "Confirmar" }).click();
  await expect(columns.getByText("Campo “apolice_anterior” removido.")).toBeVisible();
  await expect(columns.locator('tr[data-key="apolice_anterior"]')).toHaveCount(0);

  const stored = await (await api(page, "document/loadById", { id })).json();
  expect(stored.filled_columns).toEqual({
    placa: "NEW1A23",
    valor_segurado: 12345.5,
    inicio_vigencia: "2026-05-10",
    extras: { parcelas: 3, pago: true },
  });
  const timeline = history(page);
  await expect(timeline).toContainText("Campo “Placa”: XYZ9A88 → NEW1A23");
  await expect(timeline).toContainText("Campo “Valor segurado”: — → 12.345,5");
  await expect(timeline).toContainText("Campo “Início da vigência”: — → 10/05/2026");
  await expect(timeline).toContainText("Campo “apolice_anterior”: AP-1234 → —");
  await expect(timeline).toContainText('Campo “extras”: — → {"pago":true,"parcelas":3}');

  await expectNoSeriousA11yViolations(page);
  await screenshotBothSizes(page, "document-page-filled-columns");
});

test("a staff user changes status and modality with confirmation, the responsible in one step; a refused transition is explained", async ({
  page,
}) => {
  await signIn(page, "staff", null);
  const id = await openDocument(page, "status");
  const workflow = section(page, "Andamento");
  const statusSelect = workflow.getByLabel("Novo status");

  // Only the transitions allowed from "Novo" are offered.
  await expect(statusSelect.locator("option")).toHaveText(["Selecione…", "Em análise", "Cancelado"]);
  await statusSelect.selectOption({ label: "Em análise" });
  await workflow.getByRole("button", { name: "Alterar status" }).click();
  let dialog = page.getByRole("dialog", { name: "Confirmar alteração" });
  await expect(dialog).toContainText("Mudar o status de “Novo” para “Em análise”?");
  // Cancelling changes nothing.
  await dialog.getByRole("button", { name: "Cancelar" }).click();
  await expect(dialog).toBeHidden();
  await workflow.getByRole("button", { name: "Alterar status" }).click();
  await dialog.getByRole("button", { name: "Confirmar" }).click();
  await expect(workflow.getByText("Alteração salva.")).toBeVisible();
  await expect(page.getByTestId("document-status")).toHaveText(/Em análise/);
  await expect(statusSelect.locator("option")).toHaveText([
    "Selecione…",
    "Aguardando documentos",
    "Em execução",
    "Cancelado",
  ]);

  // The responsible changes in one step (no confirmation, undo instead); the modality is confirmed. The
  // modality is picked while the responsible change is still on its way (a slow network, held here): that answer
  // must not clear the modality chosen meanwhile (it did, and under load the same happened when the answer's
  // callback ran after the page showed the new responsible).
  await workflow.getByLabel("Atribuir a").selectOption({ label: "Ana Admin" });
  let releaseAnswer!: () => void;
  const answerHeld = new Promise<void>((resolve) => (releaseAnswer = resolve));
  await page.route(
    "**/api/document/updateById",
    async (route) => {
      await answerHeld;
      await route.continue();
    },
    { times: 1 },
  );
  await workflow.getByRole("button", { name: "Atribuir", exact: true }).click();
  dialog = page.getByRole("dialog", { name: "Confirmar alteração" });
  await expect(dialog).toHaveCount(0);
  await workflow.getByLabel("Modalidade").selectOption({ label: "Horário comercial" });
  releaseAnswer();
  await expect(section(page, "Resumo")).toContainText("Ana Admin");
  await expect(workflow.getByRole("button", { name: "Alterar modalidade" })).toBeEnabled();
  await workflow.getByRole("button", { name: "Alterar modalidade" }).click();
  await expect(dialog).toContainText("Mudar a modalidade de “24x7” para “Horário comercial”?");
  await dialog.getByRole("button", { name: "Confirmar" }).click();
  await expect(section(page, "Resumo")).toContainText("Horário comercial (horário útil)");

  // Someone else moves the document meanwhile ("Em análise" → "Aguardando documentos"); this page still offers
  // "Em execução", which is not allowed from "Aguardando documentos": the server refuses (409) and the page says why.
  const ids = await statusIds(page);
  const moved = await api(page, "document/updateById", { id, status_id: ids["Aguardando documentos"] });
  expect(moved.status()).toBe(200);
  await statusSelect.selectOption({ label: "Em execução" });
  await workflow.getByRole("button", { name: "Alterar status" }).click();
  await dialog.getByRole("button", { name: "Confirmar" }).click();
  const refusal = workflow.getByRole("alert");
  await expect(refusal).toContainText("A mudança para “Em execução” foi recusada");
  await expect(refusal).toContainText("as regras de transição não permitem");
  // The page refreshed: the current status and only the moves allowed from it now.
  await expect(statusSelect.locator("option")).toHaveText(["Selecione…", "Em análise", "Cancelado"]);
  const stored = await (await api(page, "document/updateById", { id })).json();
  expect(stored.status_id).toBe(ids["Aguardando documentos"]);

  const timeline = history(page);
  await expect(timeline).toContainText("Status: Novo → Em análise");
  await expect(timeline).toContainText("Responsável: — → Ana Admin");
  await expect(timeline).toContainText("Modalidade: 24x7 → Horário comercial");
  await expect(timeline).toContainText("Status: Em análise → Aguardando documentos");
  await expect(timeline).not.toContainText("→ Em execução");

  await expectNoSeriousA11yViolations(page);
  await screenshotBothSizes(page, "document-page-status-refused");
});

test("a staff user adds observations, internal and to the customer", async ({ page }) => {
  await signIn(page, "staff", null);
  await openDocument(page, "observation");
  // This document is past its deadline.
  await expect(section(page, "Resumo")).toContainText("3 dias de atraso");
  const panel = section(page, "Observações");
  await expect(panel.getByText("Nenhuma observação.")).toBeVisible();
  await panel.getByRole("button", { name: "Salvar nota interna" }).click();
  await expect(panel.getByText("Escreva a mensagem.")).toBeVisible();

  await panel.getByLabel("Nova observação").fill("Cliente enviou a CNH por e-mail.");
  await panel.getByRole("button", { name: "Salvar nota interna" }).click();
  await expect(panel.getByText("Nota interna salva.")).toBeVisible();
  await panel.getByLabel("Nova observação").fill("Sua apólice será emitida em até 2 dias úteis.");
  await panel.getByText("Resposta ao cliente", { exact: true }).click();
  await panel.getByRole("button", { name: "Publicar para o cliente" }).click();

  const items = panel.getByRole("listitem");
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText("Para o cliente");
  await expect(items.nth(0)).toContainText("Sua apólice será emitida em até 2 dias úteis.");
  await expect(items.nth(0)).toContainText("staff@e2e.test");
  await expect(items.nth(1)).toContainText("Interna");
  await expect(items.nth(1)).toContainText("Cliente enviou a CNH por e-mail.");
  await expect(panel.getByLabel("Nova observação")).toHaveValue("");

  const observations = entry(page, "observation");
  await expect(observations).toHaveCount(2);
  await expect(observations.first()).toContainText("Observação adicionada por Sérgio Staff");
  await expect(observations.first()).toContainText("Observação: — → Sua apólice será emitida em até 2 dias úteis.");
  await expect(observations.first()).toContainText("Visibilidade: — → Para o cliente");

  await expectNoSeriousA11yViolations(page);
  await screenshotBothSizes(page, "document-page-observations");
});

test("a staff user uploads and downloads attachments, requests a file and fulfils the request", async ({ page }) => {
  await signIn(page, "staff", null);
  await openDocument(page, "attachment");
  const panel = section(page, "Anexos");
  await expect(panel.getByText("Tamanho máximo: 10 MB.").first()).toBeVisible();

  // Too large for the limit: refused in the browser, before any upload. The file is given by its path (a sparse file
  // in the test's output folder): Chromium then opens it itself, where a buffer went through the protocol in base64
  // (this test's three uploads took 7.7 s of a whole run under load, 0.2 s after).
  const tooLarge = test.info().outputPath("grande.bin");
  writeFileSync(tooLarge, "");
  truncateSync(tooLarge, 10 * 1024 * 1024 + 1);
  await panel.getByLabel("Arquivo", { exact: true }).setInputFiles(tooLarge);
  await panel.getByRole("button", { name: "Enviar", exact: true }).click();
  await expect(panel.getByRole("alert")).toContainText("“grande.bin” tem 10 MB; o limite é 10 MB.");

  // Judged by content, whatever its name and declared type: an HTML application is refused, in Portuguese.
  await panel.getByLabel("Arquivo", { exact: true }).setInputFiles({
    name: "nota.hta",
    mimeType: "text/html",
    buffer: Buffer.from(SAMPLE_FILES.hta),
  });
  await panel.getByRole("button", { name: "Enviar", exact: true }).click();
  await expect(panel.getByRole("alert")).toContainText(
    "Este arquivo não foi aceito: envie um arquivo inteiro em um destes formatos: PDF, JPEG, PNG, WebP, HEIC, HEIF.",
  );

  const pdf = Buffer.from(samplePdf(`apólice de teste ${Date.now()}`));
  await panel.getByLabel("Arquivo", { exact: true }).setInputFiles({
    name: "apólice.pdf",
    mimeType: "application/pdf",
    buffer: pdf,
  });
  await panel.getByRole("button", { name: "Enviar", exact: true }).click();
  await expect(panel.getByText("Arquivo “apólice.pdf” enviado.")).toBeVisible();
  const link = panel.getByRole("link", { name: "apólice.pdf" });
  await expect(link).toBeVisible();
  await expect(panel).toContainText("application/pdf");

  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  // Served under the name the server generated, with the type read from the content.
  expect(download.suggestedFilename()).toMatch(/^[0-9a-f-]{36}\.pdf$/);
  expect(readFileSync((await download.path())!).equals(pdf)).toBe(true);

  // Ask the customer for a file, then fulfil the pending request with an upload.
  await panel.getByLabel("Arquivo solicitado").fill("Comprovante de residência");
  await panel.getByLabel("Orientação ao cliente (opcional)").fill("Conta de luz dos últimos 3 meses");
  await panel.getByRole("button", { name: "Solicitar" }).click();
  const pending = panel.getByRole("listitem").filter({ hasText: "Pendente" });
  await expect(pending).toContainText("Comprovante de residência");
  await expect(pending).toContainText("Conta de luz dos últimos 3 meses");
  await screenshotBothSizes(page, "document-page-attachment-pending");

  const proof = Buffer.from(SAMPLE_FILES.png);
  await pending.getByLabel("Arquivo para “Comprovante de residência”").setInputFiles({
    name: "conta-luz.png",
    mimeType: "image/png",
    buffer: proof,
  });
  await pending.getByRole("button", { name: "Enviar arquivo solicitado" }).click();
  await expect(panel.getByText("Arquivo “conta-luz.png” enviado.")).toBeVisible();
  await expect(panel.getByText("Pendente")).toHaveCount(0);
  const received = panel.getByRole("link", { name: "conta-luz.png" });
  const [second] = await Promise.all([page.waitForEvent("download"), received.click()]);
  expect(readFileSync((await second.path())!).equals(proof)).toBe(true);

  await expect(entry(page, "attachment")).toContainText("Anexo: — → apólice.pdf");
  await expect(entry(page, "attachment_request")).toContainText("Arquivo solicitado: — → Comprovante de residência");
  await expect(entry(page, "attachment_fulfil")).toContainText("Anexo: Comprovante de residência → conta-luz.png");

  await expectNoSeriousA11yViolations(page);
  await screenshotBothSizes(page, "document-page-attachments");
});

test("a viewer sees everything read-only and the server refuses every change", async ({ page }) => {
  await signIn(page, "viewer", null);
  const id = await openDocument(page, "viewer");
  const main = page.locator("main");
  await expect(main.getByText("Seu perfil é somente leitura")).toBeVisible();
  await expect(main.getByText("Pausado", { exact: true })).toBeVisible();
  await expect(main.getByText(/^Pausado desde/)).toBeVisible();
  await expect(main.locator('tr[data-key="placa"]')).toContainText("PAU5E00");
  await expect(entry(page, "update").first()).toContainText("Status: Em análise → Aguardando documentos");
  // No forms, buttons or inputs at all: nothing to reveal, edit, upload or change.
  // (The history's view toggles — Alterações / Revelações / Tudo — only filter what is shown.)
  await expect(main.getByRole("button").filter({ hasNotText: /^(Alterações|Revelações|Tudo) \(\d+\)$/ })).toHaveCount(
    0,
  );
  await expect(main.locator("input, select, textarea, form")).toHaveCount(0);
  await expect(section(page, "Dados do cliente")).toContainText("***.305.218-**");
  // The viewers' default policy shows the name (as on the list) and masks the rest.
  await expect(section(page, "Dados do cliente")).toContainText("Otávio Nunes");
  await expect(main).not.toContainText(/\d{3}\.305\.218-\d{2}/);

  const ids = await statusIds(page);
  const refused = [
    await api(page, "document/updateById", { id, status_id: ids["Em análise"] }),
    await api(page, "document/updateById", { id, filled_columns: { placa: "HACK" } }),
    await api(page, "documents/filled-columns/remove", { id, keys: ["placa"] }),
    await api(page, `documents/${id}/observations`, { text: "x", visibility: "internal" }),
    await api(page, `documents/${id}/attachments/requests`, { file_name: "RG" }),
    await api(page, `documents/${id}/reveal`, {}),
    await page.request.post(`/api/documents/${id}/attachments`, {
      multipart: { file: { name: "a.txt", mimeType: "text/plain", buffer: Buffer.from("x") } },
      headers: { origin: new URL(page.url()).origin },
    }),
  ];
  for (const response of refused) {
    expect(response.status(), await response.text()).toBe(403);
  }
  // Reading stays allowed, with the personal data masked in the history too.
  const timeline = await page.request.get(`/api/documents/${id}/history?personal=1`);
  expect(timeline.status()).toBe(200);
  expect(JSON.stringify(await timeline.json())).not.toMatch(/\d{3}\.?305\.?218/);
  const document = await (await api(page, "document/loadById", { id })).json();
  expect(document.filled_columns).toEqual({ placa: "PAU5E00" });
  expect(document.status_id).toBe(ids["Aguardando documentos"]);
  expect(document.observation).toEqual([]);

  await expectNoSeriousA11yViolations(page);
  await screenshotBothSizes(page, "document-page-viewer");
});

test("a staff user reveals personal data and the reveal is logged in the history", async ({ page }) => {
  await signIn(page, "staff", null);
  await openDocument(page, "reveal");
  const personal = section(page, "Dados do cliente");
  await expect(personal).toContainText("***.112.235-**");
  await expect(personal).toContainText("Larissa Campos Teixeira");
  await expect(personal).toContainText("l*************@e******.com");
  await expect(personal).toContainText("+** ** *****-4321");
  // The history masks what the policy masks too until the reveal.
  await expect(entry(page, "create")).toContainText("CPF/CNPJ: — → ***.112.235-**");
  await expect(entry(page, "reveal")).toHaveCount(0);

  await personal.getByRole("button", { name: "Revelar dados pessoais" }).click();
  await expect(personal.getByText("Dados pessoais revelados. A consulta foi registrada no histórico.")).toBeVisible();
  await expect(personal).toContainText("407.112.235-80");
  await expect(personal).toContainText("Larissa Campos Teixeira");
  await expect(personal).toContainText("larissa.campos@example.com");
  await expect(personal).toContainText("+55 11 98765-4321");
  await expect(personal.getByRole("button", { name: "Revelar dados pessoais" })).toHaveCount(0);

  // Reveals are listed apart from the changes: the default view keeps only changes.
  await expect(entry(page, "create")).toContainText("CPF/CNPJ: — → 407.112.235-80");
  await expect(entry(page, "reveal")).toHaveCount(0);
  await history(page).getByRole("button", { name: "Revelações (1)" }).click();
  await expect(entry(page, "reveal")).toHaveCount(1);
  await expect(entry(page, "reveal")).toContainText("Dados pessoais revelados por Sérgio Staff");
  await expect(entry(page, "create")).toHaveCount(0);
  await expect(history(page)).toContainText("Dados pessoais visíveis: você os revelou.");

  await expectNoSeriousA11yViolations(page);
  await screenshotBothSizes(page, "document-page-revealed");
});

test("a staff user sees a linked file (attachment/upload/link) as an external link, a storage key as text", async ({
  page,
}) => {
  await signIn(page, "staff", null);
  const id = await openDocument(page, "attachment");
  const link = {
    document_id: id,
    description: "Guardado no bucket do integrador",
    driver: "s3",
    status: "ok",
    send_attachment: false,
  };
  const url = "https://files.example.com/bucket/contrato-linkado.pdf";
  expect(
    (
      await api(page, "attachment/upload/link", {
        ...link,
        name: "Contrato",
        filename: "contrato-linkado.pdf",
        path: url,
      })
    ).status(),
  ).toBe(200);
  expect(
    (
      await api(page, "attachment/upload/link", {
        ...link,
        name: "Laudo",
        filename: "laudo-chave.pdf",
        path: "uploads/2026/laudo.pdf",
      })
    ).status(),
  ).toBe(200);
  await page.reload();
  const panel = section(page, "Anexos");
  const external = panel.getByRole("link", { name: /contrato-linkado\.pdf/ });
  await expect(external).toHaveAttribute("href", url);
  await expect(external).toHaveAttribute("target", "_blank");
  await expect(external).toHaveAttribute("rel", "noopener noreferrer");
  await expect(panel.getByText("laudo-chave.pdf")).toBeVisible();
  await expect(panel.getByRole("link", { name: /laudo-chave\.pdf/ })).toHaveCount(0);
  await expect(panel.getByText(/uploads\/2026\/laudo\.pdf/)).toBeVisible();
});
