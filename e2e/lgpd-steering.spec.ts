import { expect, test } from "@playwright/test";
import { maskCpf } from "../lib/identifiers/identifiers.ts";
import { expectNoSeriousA11yViolations, signIn } from "./support/fixtures.ts";
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

test("a legal hold the server refuses shows the refusal under its field (a product removed after the page loaded)", async ({
  page,
  baseURL,
}) => {
  await signIn(page, "admin");
  const asAdmin = { headers: { origin: new URL(baseURL!).origin } };
  const name = `Produto removido ${Date.now()}`;
  const created = await page.request.post("/api/admin/settings/products", { ...asAdmin, data: { name } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };

  await page.goto("/lgpd/titular");
  const scope = page.getByLabel("Aplica-se a");
  await scope.selectOption({ label: `Produto: ${name}` });
  // The browser's check (the route's own schema) refuses a too-short basis under its field; nothing is sent.
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().endsWith("/api/admin/lgpd-holds")) posts.push(request.url());
  });
  const basis = page.getByLabel("Base legal", { exact: true });
  await basis.fill("ab");
  await page.getByRole("button", { name: "Adicionar guarda obrigatória" }).click();
  await expect(basis).toHaveAttribute("aria-invalid", "true");
  expect(posts).toHaveLength(0);

  // The product is removed meanwhile: the server refuses the hold (400), and says so under "Aplica-se a".
  expect((await page.request.delete(`/api/admin/settings/products/${id}`, asAdmin)).status()).toBe(200);
  await basis.fill("Lei 8.078/1990, art. 27");
  await expect(basis).not.toHaveAttribute("aria-invalid", "true");
  const answer = page.waitForResponse(
    (response) => response.request().method() === "POST" && response.url().endsWith("/api/admin/lgpd-holds"),
  );
  await page.getByRole("button", { name: "Adicionar guarda obrigatória" }).click();
  expect((await answer).status()).toBe(400);
  await expect(scope).toHaveAttribute("aria-invalid", "true");
  const describedBy = (await scope.getAttribute("aria-describedby"))!;
  const errorLine = page.locator(`[id="${describedBy.split(" ").find((part) => part.endsWith("-error"))}"]`);
  // The API's `unknown_id` on `product_id`, in the form's words for a field's invalid value.
  await expect(errorLine).toHaveText("valor inválido");
  // No hold was added.
  const holds = (await (await page.request.get("/api/admin/lgpd-holds", asAdmin)).json()) as {
    items: Array<{ scope_name: string }>;
  };
  expect(holds.items.map((hold) => hold.scope_name)).not.toContain(name);
});
