import { expect, test } from "@playwright/test";
import { maskCpf } from "../lib/identifiers/identifiers.ts";
import { expectNoSeriousA11yViolations } from "./support/fixtures.ts";
import { officerWithSubjectDocument, subjectCpf } from "./support/lgpd-officer.ts";

const ACCESS_CPF = subjectCpf(852_147_963);
const DELETION_CPF = subjectCpf(852_963_741);
const ASSIGNED_CPF = subjectCpf(147_258_369);

test("the officer's inbox lists access and deletion requests together, enters one by letter, and opens it", async ({
  page,
  baseURL,
}) => {
  const { asAdmin } = await officerWithSubjectDocument(page, baseURL, {
    cpf: ACCESS_CPF,
    name: "Titular da Caixa",
    source: "e2e-caixa",
  });
  const access = await page.request.post("/api/admin/lgpd-subject/access", { ...asAdmin, data: { cpf: ACCESS_CPF } });
  expect(access.status()).toBe(200);

  // From the LGPD page to the inbox.
  await page.goto("/lgpd");
  await page.getByRole("link", { name: "Caixa de solicitações" }).click();
  await expect(page).toHaveURL(/\/lgpd\/caixa$/);
  const table = page.getByRole("table", { name: "Solicitações de acesso e de exclusão" });
  await expect(table.getByRole("row").filter({ hasText: maskCpf(ACCESS_CPF) })).toContainText("Acesso");

  // "Nova solicitação": a deletion received by letter, entered here.
  await page.getByRole("button", { name: "Nova solicitação" }).click();
  const form = page.getByRole("form", { name: "Registrar uma solicitação recebida" });
  await form.getByLabel("Tipo de solicitação").selectOption("deletion");
  await form.getByLabel("CPF do titular").fill(DELETION_CPF);
  await form.getByLabel("Canal").selectOption("letter");
  await form.getByRole("button", { name: "Registrar" }).click();
  const notice = page.getByText(/Solicitação de exclusão nº (\d+) registrada/);
  await expect(notice).toBeVisible();
  const id = /nº (\d+)/.exec((await notice.textContent())!)![1];
  const row = table.getByRole("row").filter({ hasText: maskCpf(DELETION_CPF) });
  await expect(row).toContainText("Exclusão");
  await expect(row).toContainText("Equipe");
  await expect(row).toContainText("Carta");
  await expectNoSeriousA11yViolations(page);

  // The kind filter lives in the URL; a reload keeps it.
  await page
    .getByRole("search", { name: "Filtrar solicitações" })
    .getByLabel("Tipo", { exact: true })
    .selectOption("deletion");
  await expect(page).toHaveURL(/kind=deletion/);
  await page.reload();
  await expect(table.getByRole("row").filter({ hasText: maskCpf(ACCESS_CPF) })).toHaveCount(0);
  await expect(row).toBeVisible();

  // Open the request: its receipt.
  await row.getByRole("link", { name: `Abrir a solicitação de exclusão nº ${id}` }).click();
  await expect(page).toHaveURL(new RegExp(`/lgpd/${id}/receipt$`));
  await expect(page.getByRole("article", { name: "Comprovante de exclusão de dados (LGPD)" })).toContainText(
    maskCpf(DELETION_CPF),
  );
});

test("the officer takes a request (“Atribuir a mim”), sees it under “Minhas”, and hands it to a colleague", async ({
  page,
  baseURL,
}) => {
  const { asAdmin } = await officerWithSubjectDocument(page, baseURL, {
    cpf: ASSIGNED_CPF,
    name: "Titular Atribuída",
    source: "e2e-caixa-responsavel",
  });
  const deletion = await page.request.post("/api/admin/lgpd-subject/deletion", {
    ...asAdmin,
    data: { cpf: ASSIGNED_CPF, channel: "email" },
  });
  expect(deletion.status()).toBe(200);
  const id = ((await deletion.json()) as { request: { id: number } }).request.id;

  await page.goto("/lgpd/caixa?kind=deletion");
  const table = page.getByRole("table", { name: "Solicitações de acesso e de exclusão" });
  const row = table.getByRole("row").filter({ hasText: maskCpf(ASSIGNED_CPF) });
  const assignee = row.getByLabel(`Responsável pela solicitação de exclusão nº ${id}`);
  await expect(assignee).toHaveValue("");

  await row.getByRole("button", { name: `Atribuir a mim a solicitação de exclusão nº ${id}` }).click();
  await expect(assignee.locator("option:checked")).toHaveText("Ana Admin (eu)");
  await expect(row.getByRole("button", { name: /Atribuir a mim/ })).toHaveCount(0);

  // “Minhas” keeps it (in the URL, across a reload); “Sem responsável” does not list it.
  const filters = page.getByRole("search", { name: "Filtrar solicitações" });
  await filters.getByLabel("Responsável").selectOption("me");
  await expect(page).toHaveURL(/responsavel=me/);
  await page.reload();
  await expect(row).toBeVisible();
  await filters.getByLabel("Responsável").selectOption("none");
  await expect(row).toHaveCount(0);
  await filters.getByLabel("Responsável").selectOption("");
  await expect(row).toBeVisible();

  // Handed to a colleague from the list of the instance's staff; the audit trail says it in a sentence.
  await assignee.selectOption({ label: "Sérgio Staff" });
  await expect(assignee.locator("option:checked")).toHaveText("Sérgio Staff");
  await expect(row.getByRole("button", { name: /Atribuir a mim/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.goto("/audit?action=lgpd_request.assign");
  const trail = page.getByRole("region", { name: "Registros de auditoria" });
  await expect(
    trail.getByRole("row").filter({ hasText: `Ana Admin atribuiu a exclusão nº ${id} a Sérgio Staff` }),
  ).toHaveCount(1);
  await expect(
    trail.getByRole("row").filter({ hasText: `Ana Admin atribuiu a exclusão nº ${id} a Ana Admin` }),
  ).toHaveCount(1);
});
