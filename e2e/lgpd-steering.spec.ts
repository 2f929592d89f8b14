import { expect, test } from "@playwright/test";
import { maskCpf } from "../lib/identifiers/identifiers.ts";
import { expectNoSeriousA11yViolations } from "./support/fixtures.ts";
import { officerWithSubjectDocument, subjectCpf } from "./support/lgpd-officer.ts";

const CPF = subjectCpf(852_741_963);

test("the officer enters a request received by letter, reviews it and approves the deletion; the CPF's return is flagged", async ({
  page,
  baseURL,
}) => {
  const { asAdmin } = await officerWithSubjectDocument(page, baseURL, {
    cpf: CPF,
    name: "Titular Revisado",
    source: "e2e-revisao",
  });

  try {
    await page.goto("/lgpd/titular");
    // Deletions wait for the officer's review from now on (saved at once, audited).
    const toggle = page.getByLabel("Exclusões aguardam a revisão do encarregado antes de serem executadas");
    await toggle.check();
    await expect(page.getByText("Configuração salva.")).toBeVisible();

    const search = page.getByRole("search", { name: "Consultar titular" });
    await search.getByLabel("CPF do titular").fill(CPF);
    await search.getByRole("button", { name: "Consultar" }).click();
    const summary = page.getByRole("region", { name: `Dados mantidos do CPF ${maskCpf(CPF)}` });
    await expect(summary).toContainText("1 documento");

    // The request arrived by letter two days ago: channel, day and note entered by hand.
    const received = new Date(Date.now() - 2 * 86_400_000).toLocaleDateString("sv-SE", {
      timeZone: "America/Sao_Paulo",
    });
    await page.getByLabel("Canal").selectOption({ label: "Carta" });
    await page.getByLabel("Recebido em").fill(received);
    await page.getByLabel("Observação do encarregado").fill("Carta registrada AR 4455");
    await page.getByRole("button", { name: "Solicitar exclusão" }).click();
    const confirm = page.getByRole("dialog", { name: "Solicitar a exclusão dos dados?" });
    await confirm.getByRole("button", { name: "Solicitar exclusão" }).click();
    const registered = page.getByRole("status").filter({ hasText: /Solicitação de exclusão nº \d+ registrada/ });
    await expect(registered).toBeVisible();
    const id = /nº (\d+)/.exec((await registered.innerText()) ?? "")![1]!;

    // It waits: pending, awaiting review, with how it arrived; the data is still there.
    const deletions = page.getByRole("region", { name: "Pedidos de exclusão" });
    await expect(deletions).toContainText("Pendente");
    await expect(deletions).toContainText("Aguardando revisão");
    await expect(deletions).toContainText("Carta, recebido em");
    const awaiting = page.getByRole("region", { name: "Aguardando revisão" });
    await expect(awaiting).toContainText(maskCpf(CPF));
    await expectNoSeriousA11yViolations(page);
    await page.waitForTimeout(2_000);
    await search.getByRole("button", { name: "Consultar" }).click();
    await expect(summary).toContainText("1 documento");
    await expect(deletions).toContainText("Aguardando revisão");

    // The officer approves: the in-app worker erases within a poll or two.
    await awaiting.getByRole("button", { name: `Aprovar exclusão nº ${id}` }).click();
    const approve = page.getByRole("dialog", { name: "Aprovar a exclusão?" });
    await expect(approve).toContainText(maskCpf(CPF));
    await approve.getByRole("button", { name: `Aprovar exclusão nº ${id}` }).click();
    await expect(page.getByRole("status").filter({ hasText: `Exclusão nº ${id} aprovada` })).toBeVisible();
    await expect(page.getByText("Nenhum pedido aguardando revisão.")).toBeVisible();
    await expect(deletions).toContainText("Concluída", { timeout: 30_000 });
    await expect(deletions).toContainText("Aprovada");
    await search.getByRole("button", { name: "Consultar" }).click();
    await expect(summary).toContainText("Nenhum dado vinculado a este CPF");
  } finally {
    // Other specs on this server expect deletions to run at once.
    const off = await page.request.put("/api/admin/lgpd-review", { ...asAdmin, data: { enabled: false } });
    expect(off.status()).toBe(200);
  }

  // The CPF comes back through the API: staff see a notice on the new document, the officer a count.
  const again = await page.request.post("/api/document/create", {
    ...asAdmin,
    data: { status_id: 1, product_id: 1, cpf: CPF, name: "Titular de Volta" },
  });
  expect(again.status()).toBe(200);
  await page.goto(`/documents/${(await again.json()).id as number}`);
  await expect(page.getByTestId("lgpd-returning")).toContainText("foi excluído a pedido do titular");
  await page.goto("/lgpd/titular");
  await expect(page.getByTestId("returning-count")).toContainText(/\d+ documentos? (foi|foram) criados? com/);
});
