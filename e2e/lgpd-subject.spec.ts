import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { strFromU8, unzipSync } from "fflate";
import { maskCpf } from "../lib/identifiers/identifiers.ts";
import { expectNoSeriousA11yViolations, signIn } from "./support/fixtures.ts";
import { officerWithSubjectDocument, subjectCpf } from "./support/lgpd-officer.ts";

const CPF = subjectCpf(963_258_741);

test("the officer answers an access request end to end on the data-subject page, then requests the deletion", async ({
  page,
  baseURL,
}) => {
  const { asAdmin, documentId } = await officerWithSubjectDocument(page, baseURL, {
    cpf: CPF,
    name: "Titular do Acesso",
    source: "e2e-acesso",
  });
  const observed = await page.request.post(`/api/documents/${documentId}/observations`, {
    ...asAdmin,
    data: { text: "Cliente pediu cópia dos dados", visibility: "internal" },
  });
  expect(observed.status()).toBe(200);

  // From the LGPD page to the data-subject page.
  await page.goto("/lgpd");
  await page.getByRole("link", { name: "Consultar um titular" }).click();
  await expect(page).toHaveURL(/\/lgpd\/titular$/);
  const search = page.getByRole("search", { name: "Consultar titular" });
  await search.getByLabel("CPF do titular").fill("123.456.789-00");
  await search.getByRole("button", { name: "Consultar" }).click();
  await expect(search).toContainText("CPF inválido");
  await search.getByLabel("CPF do titular").fill(CPF);
  await search.getByRole("button", { name: "Consultar" }).click();

  // The instance's deadline: 30 days for a small processing agent (saved at once, audited).
  await page.getByLabel("Prazo legal de resposta").selectOption("30");
  await expect(page.getByText("Prazo salvo.")).toBeVisible();

  const summary = page.getByRole("region", { name: `Dados mantidos do CPF ${maskCpf(CPF)}` });
  await expect(summary).toContainText("1 documento");
  await expect(summary).toContainText("1 observação");
  await expect(page.locator("body")).not.toContainText(CPF);

  // Generate the package: the in-app worker builds it within a poll or two; the page follows it.
  await page.getByRole("button", { name: "Gerar pacote de acesso" }).click();
  await expect(page.getByRole("status").filter({ hasText: "solicitado" })).toBeVisible();
  const accessTable = page.getByRole("region", { name: "Pedidos de acesso" });
  const link = accessTable.getByRole("link", { name: /Baixar pacote nº \d+/ });
  await expect(link).toBeVisible({ timeout: 30_000 });
  await expect(accessTable).toContainText("Respondido no prazo");
  await expect(page.getByText("Prazo legal de resposta: 30 dias")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  const zip = unzipSync(new Uint8Array(await readFile((await download.path())!)));
  const data = JSON.parse(strFromU8(zip["dados.json"]!)) as {
    documents: { id: number; source: string }[];
    observations: { text: string }[];
  };
  expect(data.documents).toEqual([expect.objectContaining({ id: documentId, source: "e2e-acesso" })]);
  expect(data.observations.map((row) => row.text)).toContain("Cliente pediu cópia dos dados");
  expect(strFromU8(zip["declaracao.html"]!)).toContain("Declaração de tratamento de dados pessoais");
  // The download is counted (and audited) on the server: the page shows it after a refresh.
  await search.getByRole("button", { name: "Consultar" }).click();
  await expect(accessTable).toContainText("1 download");

  // Request the deletion, confirmed: the deletion runs in the worker, and the package goes with the erasure itself.
  await page.getByRole("button", { name: "Solicitar exclusão" }).click();
  const dialog = page.getByRole("dialog", { name: "Solicitar a exclusão dos dados?" });
  await expect(dialog).toContainText(maskCpf(CPF));
  await dialog.getByRole("button", { name: "Solicitar exclusão" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Solicitação de exclusão nº" })).toBeVisible();
  const deletions = page.getByRole("region", { name: "Pedidos de exclusão" });
  await expect(deletions).toContainText("Concluída", { timeout: 30_000 });
  await search.getByRole("button", { name: "Consultar" }).click();
  await expect(accessTable).toContainText("Pacote apagado em");
  await expect(summary).toContainText("Nenhum dado vinculado a este CPF");
  await expectNoSeriousA11yViolations(page);
});

test("the data-subject profile lists the records found beside the counts, and a protocol opens its document", async ({
  page,
  baseURL,
}) => {
  const cpf = subjectCpf(741_258_963);
  const { asAdmin, documentId } = await officerWithSubjectDocument(page, baseURL, {
    cpf,
    name: "Titular do Perfil",
    source: "e2e-perfil",
  });
  const loaded = await page.request.get(`/api/documents/${documentId}`, asAdmin);
  expect(loaded.status()).toBe(200);
  const { protocol } = ((await loaded.json()) as { document: { protocol: string } }).document;

  await page.goto("/lgpd/titular");
  const search = page.getByRole("search", { name: "Consultar titular" });
  await search.getByLabel("CPF do titular").fill(cpf);
  await search.getByRole("button", { name: "Consultar" }).click();
  const summary = page.getByRole("region", { name: `Dados mantidos do CPF ${maskCpf(cpf)}` });
  await expect(summary).toContainText("1 documento");
  const records = summary.getByRole("table", { name: "Registros vinculados a este CPF" });
  await expect(records).toContainText("Titular atual");
  await expectNoSeriousA11yViolations(page);
  await records.getByRole("link", { name: `Abrir o documento ${protocol}` }).click();
  await expect(page).toHaveURL(new RegExp(`/documents/${documentId}$`));
  await expect(page.getByText(protocol).first()).toBeVisible();
});

test("the APIs menu's LGPD entry shows working curl examples of the access routes", async ({
  page,
  request,
  baseURL,
}) => {
  await signIn(page, "admin", "/apis/lgpd");
  await page.getByRole("button", { name: /^Gerar (nova )?chave$/ }).click();
  const confirm = page.getByRole("button", { name: "Sim, gerar nova chave" });
  if (await confirm.isVisible()) await confirm.click();
  const key = await page.getByRole("textbox", { name: "Nova chave LGPD" }).inputValue();
  const shown = async (name: string) => {
    const text = await page.getByRole("figure", { name }).locator("pre").innerText();
    return { url: /curl (?:-X POST )?'([^']+)'/.exec(text)?.[1], key: /-H 'x-api-key: ([^']+)'/.exec(text)?.[1] };
  };
  const origin = new URL(baseURL!).origin;
  const summary = await shown("curl: resposta simplificada (o que há sobre o CPF, sem dados pessoais)");
  expect(summary).toEqual({ url: `${origin}/api/lgpd/default/summary/12345678909`, key });
  const answered = await request.get(summary.url!, { headers: { "x-api-key": key } });
  expect(answered.status()).toBe(200);
  expect(["found", "not_found"]).toContain(((await answered.json()) as { status: string }).status);
  expect((await request.get(summary.url!, { headers: { "x-api-key": `${key}x` } })).status()).toBe(401);
  const access = await shown("curl: pedir o pacote de acesso (LGPD, art. 19)");
  expect(access).toEqual({ url: `${origin}/api/lgpd/default/access`, key });
  const status = await shown("curl: situação do pacote (traz download_url quando pronto)");
  expect(status).toEqual({ url: `${origin}/api/lgpd/default/access/12345678909`, key });
  await page.getByRole("button", { name: "Já copiei, ocultar" }).click();
});
