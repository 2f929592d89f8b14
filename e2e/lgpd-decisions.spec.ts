import { expect, test } from "@playwright/test";
import { maskCpf } from "../lib/identifiers/identifiers.ts";
import { expectNoSeriousA11yViolations } from "./support/fixtures.ts";
import { officerWithSubjectDocument, subjectCpf } from "./support/lgpd-officer.ts";

const CPF = subjectCpf(963_852_741);
const OTHER_CPF = subjectCpf(741_963_852);
const REASON = "Identidade do titular não confirmada";

/** A moment as staff read it: short date and time in São Paulo, as the pages format it. */
const inSaoPaulo = (iso: string) =>
  new Intl.DateTimeFormat("pt-BR", { dateStyle: "short", timeStyle: "short", timeZone: "America/Sao_Paulo" }).format(
    new Date(iso),
  );

test("a denied deletion reads as 'Negada' with its reason, offers no retry, and is reopened only through its dialog", async ({
  page,
  baseURL,
}) => {
  const { asAdmin } = await officerWithSubjectDocument(page, baseURL, {
    cpf: CPF,
    name: "Titular Negado",
    source: "e2e-negada",
  });
  let id: number | null = null;
  const yesterday = new Date(Date.now() - 86_400_000).toLocaleDateString("sv-SE", { timeZone: "America/Sao_Paulo" });
  // The request's own row (a retried run of this test adds another request for the same CPF).
  const rowOf = (requestId: number) =>
    page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: String(requestId), exact: true }) });
  try {
    expect((await page.request.put("/api/admin/lgpd-review", { ...asAdmin, data: { enabled: true } })).status()).toBe(
      200,
    );
    const created = await page.request.post("/api/admin/lgpd-subject/deletion", {
      ...asAdmin,
      data: { cpf: CPF, channel: "email", received_on: yesterday },
    });
    expect(created.status()).toBe(200);
    id = (await created.json()).request.id as number;
    // The LGPD page puts the decisions waiting first, and a new request is one click away.
    await page.goto("/lgpd");
    await expect(page.getByTestId("awaiting-review")).toContainText(/\d+ pedidos? de exclusão aguarda/);
    await expect(page.getByRole("link", { name: "Nova solicitação" })).toHaveAttribute("href", "/lgpd/titular");

    const denied = await page.request.post(`/api/admin/lgpd-requests/${id}/deny`, {
      ...asAdmin,
      data: { reason: REASON },
    });
    expect(denied.status()).toBe(200);
    const deniedAt = (await denied.json()).reviewed_at as string;

    // The LGPD page: the denial is its own state, with its reason and time in sentences, and no way to re-run it.
    await page.goto("/lgpd?status=denied");
    const row = rowOf(id);
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(maskCpf(CPF));
    await expect(row.getByText("Negada", { exact: true })).toBeVisible();
    await expect(row).not.toContainText("Erro");
    await expect(row).toContainText(`Motivo da negativa: ${REASON}`);
    await expect(row).toContainText(`Negada pelo encarregado em ${inSaoPaulo(deniedAt)}.`);
    await expect(row).toContainText("Recebida do titular em");
    await expect(row).not.toContainText(/denied_at|received_at|review:|requested_at|\{/);
    await expect(row).toContainText("Respondido no prazo");
    await expect(row.getByRole("button", { name: /Tentar novamente/ })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    // The server refuses the retry of a denial too.
    const retried = await page.request.post(`/api/admin/lgpd-requests/${id}/retry`, { ...asAdmin, data: { cpf: CPF } });
    expect(retried.status()).toBe(409);
    expect((await retried.json()).code).toBe("lgpd_denied_final");

    // Reopening is a dialog of its own: what the denial was, what reopening does, the CPF typed again and a reason.
    await row.getByRole("button", { name: `Reabrir decisão da exclusão nº ${id}` }).click();
    const dialog = page.getByRole("dialog", { name: `Reabrir a decisão sobre a exclusão nº ${id}` });
    await expect(dialog).toContainText(REASON);
    await expect(dialog).toContainText('volta para "Aguardando revisão"');
    await dialog.getByLabel("CPF do titular").fill(OTHER_CPF);
    await dialog.getByLabel("Por que reabrir").fill("O titular enviou documento legível");
    await dialog.getByRole("button", { name: "Reabrir decisão" }).click();
    await expect(dialog).toContainText("Este CPF não corresponde ao da solicitação.");
    await dialog.getByLabel("CPF do titular").fill(CPF);
    await dialog.getByRole("button", { name: "Reabrir decisão" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`A exclusão nº ${id} foi reaberta e aguarda nova revisão.`)).toBeVisible();

    // Back in review, not in the erasure queue.
    await page.goto("/lgpd");
    const reopened = rowOf(id);
    await expect(reopened.getByText("Pendente", { exact: true })).toBeVisible();
    await expect(reopened).toContainText("Aguardando revisão");

    // Four eyes: the officer who entered the request sees why they cannot approve it alone.
    await page.goto("/lgpd/titular");
    await page.getByLabel("Revisão a quatro olhos: quem registrou um pedido não pode aprová-lo sozinho").check();
    await expect(page.getByText("Configuração salva.")).toBeVisible();
    const awaiting = page.getByRole("region", { name: "Aguardando revisão" });
    const approve = awaiting.getByRole("button", { name: `Aprovar exclusão nº ${id}` });
    await expect(approve).toBeDisabled();
    await expect(awaiting).toContainText("Você registrou este pedido; com a revisão a quatro olhos");
    const alone = await page.request.post(`/api/admin/lgpd-requests/${id}/approve`, { ...asAdmin, data: {} });
    expect(alone.status()).toBe(409);
    expect((await alone.json()).code).toBe("lgpd_four_eyes");
  } finally {
    // Other specs on this server expect deletions to run at once, approved by anyone, and nothing awaiting review.
    if (id !== null)
      await page.request.post(`/api/admin/lgpd-requests/${id}/deny`, { ...asAdmin, data: { reason: REASON } });
    const off = await page.request.put("/api/admin/lgpd-review", {
      ...asAdmin,
      data: { enabled: false, four_eyes: false },
    });
    expect(off.status()).toBe(200);
  }
});
