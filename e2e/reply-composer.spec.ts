import { expect, test, type Page } from "@playwright/test";
import { startSmtpSink, type SmtpSink } from "../tests/helpers/smtp-sink.ts";
import { expectNoSeriousA11yViolations, keepScreenshot, signIn } from "./support/fixtures.ts";
import { E2E_USERS } from "./support/users.ts";

// The document page's one composer. An internal note stays internal; a reply to the customer is
// e-mailed only with "Enviar por e-mail", after a preview rendered by the server that matches the e-mail the app's
// outbox delivers to a real SMTP server (this process, on E2E_PORT + 1: scripts/e2e-server.ts gives the app that
// SMTP_URL); the sent message is listed with its text, masked recipient and state. A status change says before
// confirming whether the customer will be e-mailed, and with which subject.
test.describe.configure({ timeout: 120_000 });

const SMTP_PORT = (Number(process.env.E2E_PORT) || 3100) + 1;
const CUSTOMER = { cpf: "529.982.247-25", name: "Marina Albuquerque", email: "marina.albuquerque@example.com" };
const MASKED = "m*****************@e******.com";

let smtp: SmtpSink;
test.beforeAll(async () => {
  smtp = await startSmtpSink(SMTP_PORT);
});
test.afterAll(async () => smtp?.close());

async function api(page: Page, method: "POST" | "PATCH", route: string, data: unknown) {
  const origin = new URL(page.url()).origin;
  const response = await page.request.fetch(`/api/${route}`, { method, data, headers: { origin } });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return response.json();
}

const withoutToken = (text: string) => text.replace(/acompanhar\?t=\S+/g, "acompanhar?t=…").trim();

test("one composer: an internal note stays internal; a reply is e-mailed as previewed; status changes say whether they e-mail", async ({
  page,
}) => {
  await signIn(page, "admin");
  const statuses = (await api(page, "POST", "status/loadAll", {})) as Array<{ id: number; name: string }>;
  const statusId = (name: string) => statuses.find((status) => status.name === name)!.id;
  const products = (await api(page, "POST", "product/loadAll", {})) as Array<{ id: number }>;
  const created = (await api(page, "POST", "document/create", {
    status_id: statusId("Em análise"),
    product_id: products[0]!.id,
    ...CUSTOMER,
  })) as { id: number; protocol: string };
  smtp.messages.length = 0;

  try {
    await page.goto(`/documents/${created.id}`);
    const panel = page.locator("section", { has: page.getByRole("heading", { name: "Observações" }) });
    const composer = panel.getByTestId("reply-composer");

    // An internal note: the default, said to stay internal; no e-mail option at all.
    await expect(composer.getByRole("radio", { name: "Nota interna" })).toBeChecked();
    await expect(composer.getByTestId("composer-hint")).toHaveText(
      "Só a equipe vê: nunca vai por e-mail nem aparece na página de acompanhamento.",
    );
    await expect(composer.getByLabel("Enviar por e-mail")).toHaveCount(0);
    await composer.getByRole("button", { name: "Salvar nota interna" }).click();
    await expect(composer.getByText("Escreva a mensagem.")).toBeVisible();
    await composer.getByLabel("Nova observação").fill("Interno: conferir a apólice antiga.");
    await composer.getByRole("button", { name: "Salvar nota interna" }).click();
    await expect(composer.getByText("Nota interna salva.")).toBeVisible();
    await expect(panel.getByRole("listitem").first()).toContainText("Interno: conferir a apólice antiga.");

    // A reply: e-mail is an explicit choice, with the e-mail previewed as the customer will get it.
    await composer.getByText("Resposta ao cliente").click();
    await expect(composer.getByRole("radio", { name: "Resposta ao cliente" })).toBeChecked();
    await expect(composer.getByLabel("Enviar por e-mail")).not.toBeChecked();
    await expect(composer.getByTestId("email-preview")).toHaveCount(0);
    const reply = "Recebemos seus documentos. Falta só a CNH, frente e verso.";
    await composer.getByLabel("Nova observação").fill(reply);
    await composer.getByLabel("Enviar por e-mail").check();
    const preview = composer.getByTestId("email-preview");
    await expect(preview.getByTestId("preview-to")).toHaveText(MASKED);
    // A reply reads as a reply (the instance's reply e-mail), not as the status's notice.
    await expect(preview.getByTestId("preview-subject")).toHaveText(`Resposta sobre o protocolo ${created.protocol}`);
    await expect(preview.getByTestId("preview-body")).toContainText(reply);
    await expect(preview.getByTestId("preview-body")).not.toContainText("agora está em");
    await expect(preview.getByTestId("preview-body")).toContainText(`Olá, ${CUSTOMER.name}.`);
    await expect(preview.getByTestId("preview-body")).not.toContainText("Interno");
    const previewed = (await preview.getByTestId("preview-body").textContent()) ?? "";
    await expectNoSeriousA11yViolations(page);

    // Screenshots of the composer with its preview (for a person to look at).
    for (const [name, viewport] of [
      ["laptop-1280", { width: 1280, height: 800 }],
      ["phone-390", { width: 390, height: 844 }],
    ] as const) {
      await page.setViewportSize(viewport);
      await keepScreenshot(panel, { path: `e2e/screenshots/reply-composer-${name}.png` });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    await composer.getByRole("button", { name: "Enviar ao cliente por e-mail" }).click();
    await expect(composer.getByText("Resposta publicada e e-mail colocado na fila de envio.")).toBeVisible();
    const [mail] = await smtp.waitFor(1, 30_000);
    expect(mail!.to).toEqual([CUSTOMER.email]);
    expect(mail!.subject).toBe(`Resposta sobre o protocolo ${created.protocol}`);
    expect(withoutToken(mail!.text)).toBe(withoutToken(previewed));
    expect(mail!.text).not.toContain("Interno");

    // The sent message: its text, masked recipient and state.
    const messages = page.locator("section", { has: page.getByRole("heading", { name: "Mensagens ao cliente" }) });
    await expect(messages.getByTestId("message")).toHaveCount(1);
    await expect(messages.getByTestId("message")).toContainText("Enviada", { timeout: 20_000 });
    await expect(messages.getByTestId("message")).toContainText(`Para ${MASKED}`);
    await expect(messages.getByTestId("message-text")).toContainText(reply);

    // A status change that does not e-mail says so before confirming.
    const workflow = page.locator("section", { has: page.getByRole("heading", { name: "Andamento", exact: true }) });
    await workflow.getByLabel("Novo status").selectOption({ label: "Aguardando documentos" });
    await workflow.getByRole("button", { name: "Alterar status" }).click();
    const confirm = page.getByRole("dialog", { name: "Confirmar alteração" });
    await expect(confirm).toContainText("O cliente não recebe e-mail por esta mudança.");
    await confirm.getByRole("button", { name: "Cancelar" }).click();

    // Once the status notifies, the confirmation names the recipient and the e-mail's subject.
    await api(page, "PATCH", `admin/settings/statuses/${statusId("Aguardando documentos")}`, {
      notify_customer: true,
      message_subject: "Protocolo {protocolo}: precisamos de documentos",
    });
    await workflow.getByRole("button", { name: "Alterar status" }).click();
    await expect(confirm).toContainText(
      `O cliente será avisado por e-mail (${MASKED}): “Protocolo ${created.protocol}: precisamos de documentos”.`,
    );
    await confirm.getByRole("button", { name: "Confirmar" }).click();
    // This case's status e-mail: another spec's delayed reply can reach the same receiver in between.
    const ownStatusMail = () => smtp.messages.find((mail) => mail.subject.startsWith(`Protocolo ${created.protocol}:`));
    await expect
      .poll(() => ownStatusMail()?.subject, { timeout: 30_000 })
      .toBe(`Protocolo ${created.protocol}: precisamos de documentos`);
  } finally {
    await api(page, "PATCH", `admin/settings/statuses/${statusId("Aguardando documentos")}`, {
      notify_customer: false,
      message_subject: null,
    });
  }
});

test("message templates: unknown placeholders refused under the field, in Portuguese; 'Enviar teste' reaches the typed address of a user", async ({
  page,
}) => {
  await signIn(page, "admin", "/settings/statuses");
  smtp.messages.length = 0;
  await page.getByRole("button", { name: "Editar Aguardando documentos" }).click();
  const dialog = page.getByRole("dialog", { name: "Editar status" });
  const notify = dialog.getByLabel("Avisar o cliente por e-mail quando o documento entrar neste status");
  try {
    await notify.check();
    await dialog.getByLabel("Texto", { exact: true }).fill("Olá, {cliente}. Valor: {valor}. {protocolo}");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await expect(dialog.getByLabel("Texto", { exact: true })).toHaveAccessibleDescription(
      /Marcador\(es\) desconhecido\(s\): \{cliente\}, \{valor\}\. Os permitidos são: \{nome\}, \{protocolo\}, \{status\}, \{link\}, \{observacoes\}\./,
    );
    await dialog.getByLabel("Texto", { exact: true }).fill("Olá, {nome}. Protocolo {protocolo}: {status}.");
    await dialog.getByLabel("Assunto").fill("Teste {protocolo}");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole("button", { name: "Editar Aguardando documentos" }).click();
    const test = dialog.getByTestId("status-test-send");
    await test.getByRole("button", { name: "Enviar teste" }).click();
    await expect(test.getByText("Informe um e-mail válido.")).toBeVisible();
    // Only to the instance's users: an outside address is refused under the field, in Portuguese.
    await test.getByLabel("Enviar teste para").fill("gestora@example.net");
    await test.getByRole("button", { name: "Enviar teste" }).click();
    await expect(test.getByLabel("Enviar teste para")).toHaveAccessibleDescription(
      "O teste só pode ir para o seu e-mail ou o de outro usuário ativo desta instância.",
    );
    await test.getByLabel("Enviar teste para").fill(E2E_USERS.admin.email);
    await test.getByRole("button", { name: "Enviar teste" }).click();
    await expect(test.getByText("Teste colocado na fila de envio: “[TESTE] Teste 20260101-000001”.")).toBeVisible();
    const [mail] = await smtp.waitFor(1, 30_000);
    expect(mail!.to).toEqual([E2E_USERS.admin.email]);
    expect(mail!.subject).toBe("[TESTE] Teste 20260101-000001");
    expect(mail!.text).toContain("Olá, Maria Exemplo. Protocolo 20260101-000001: Aguardando documentos.");
    await dialog.getByRole("button", { name: "Cancelar" }).click();
  } finally {
    await api(page, "PATCH", `admin/settings/statuses/${await statusIdOf(page, "Aguardando documentos")}`, {
      notify_customer: false,
      message_subject: null,
      message_body: null,
    });
  }
});

async function statusIdOf(page: Page, name: string) {
  const statuses = (await api(page, "POST", "status/loadAll", {})) as Array<{ id: number; name: string }>;
  return statuses.find((status) => status.name === name)!.id;
}

test("a failed e-mail says why in Portuguese and 'Reenviar' sends a new copy", async ({ page }) => {
  await signIn(page, "staff");
  const statuses = (await api(page, "POST", "status/loadAll", {})) as Array<{ id: number; name: string }>;
  const products = (await api(page, "POST", "product/loadAll", {})) as Array<{ id: number }>;
  const created = (await api(page, "POST", "document/create", {
    status_id: statuses.find((status) => status.name === "Em análise")!.id,
    product_id: products[0]!.id,
    ...CUSTOMER,
  })) as { id: number };
  smtp.messages.length = 0;
  smtp.refuse({ code: 550, message: "5.1.1 No such user" });
  try {
    await api(page, "POST", `documents/${created.id}/observations`, {
      text: "Seu pedido foi aprovado.",
      visibility: "customer",
      send_email: true,
    });
    await page.goto(`/documents/${created.id}`);
    const messages = page.locator("section", { has: page.getByRole("heading", { name: "Mensagens ao cliente" }) });
    const failed = messages.getByTestId("message");
    await expect(failed).toContainText("Falhou", { timeout: 30_000 });
    await expect(failed.getByTestId("message-failure")).toHaveText(
      "O servidor de e-mail recusou o endereço do cliente (caixa inexistente ou endereço inválido).",
    );
    await expect(failed).not.toContainText("No such user"); // the technical detail is for admins only
    smtp.refuse(null);
    await failed.getByRole("button", { name: /^Reenviar/ }).click();
    await expect(messages.getByText("E-mail colocado na fila de novo.")).toBeVisible();
    const [mail] = await smtp.waitFor(1, 30_000);
    expect(mail!.to).toEqual([CUSTOMER.email]);
    expect(mail!.text).toContain("Seu pedido foi aprovado.");
    await expect(messages.getByTestId("message")).toHaveCount(2);
    await expect(messages.getByTestId("message").first()).toContainText("Enviada", { timeout: 20_000 });
    await expect(messages.getByTestId("message").nth(1)).toContainText("Falhou");
  } finally {
    smtp.refuse(null);
  }
});

test("the dashboard counts the open cases whose last e-mail failed; its tile opens the queue filtered to them", async ({
  page,
}) => {
  const unreached = { cpf: "417.305.962-07", name: "Heitor Sem Caixa", email: "heitor.sem.caixa@example.com" };
  await signIn(page, "staff", "/dashboard");
  const tile = page.getByTestId("kpi-emailFailed");
  await expect(tile).toHaveText(/^\d+$/, { timeout: 30_000 });
  const before = Number(await tile.textContent());

  const products = (await api(page, "POST", "product/loadAll", {})) as Array<{ id: number }>;
  const created = (await api(page, "POST", "document/create", {
    status_id: await statusIdOf(page, "Em análise"),
    product_id: products[0]!.id,
    ...unreached,
  })) as { id: number; protocol: string };
  smtp.refuse({ code: 550, message: "5.1.1 No such user" });
  try {
    await api(page, "POST", `documents/${created.id}/observations`, {
      text: "Precisamos da CNH.",
      visibility: "customer",
      send_email: true,
    });
    await page.goto(`/documents/${created.id}`);
    const messages = page.locator("section", { has: page.getByRole("heading", { name: "Mensagens ao cliente" }) });
    await expect(messages.getByTestId("message")).toContainText("Falhou", { timeout: 30_000 });
  } finally {
    smtp.refuse(null);
  }

  await page.goto("/dashboard");
  const expected = before + 1;
  await expect(tile).toHaveText(String(expected), { timeout: 30_000 });
  await expect(tile).toHaveClass(/text-red-800/);
  await expect(page.getByTestId("kpi-emailFailed-hint")).toHaveText(
    expected === 1
      ? "Em 1 caso o cliente não recebeu o último e-mail"
      : `Em ${expected} casos o cliente não recebeu o último e-mail`,
  );
  await page.locator('[data-kpi="emailFailed"]').click();
  await expect(page).toHaveURL(/\/documents\?.*email_falhou=1/);
  await expect(page).toHaveURL(/state=open/);
  const total = page.getByText(/^\d+(\.\d{3})*\+? documentos?$/).first();
  await expect(total).toHaveText(expected === 1 ? "1 documento" : `${expected} documentos`, { timeout: 30_000 });
  const row = page.getByRole("row").filter({ hasText: created.protocol });
  await expect(row.getByTestId("email-failed")).toBeVisible();
});

test("a draft begun while the page refreshes after a save is kept", async ({ page }) => {
  await signIn(page, "admin");
  const statuses = (await api(page, "POST", "status/loadAll", {})) as Array<{ id: number; name: string }>;
  const products = (await api(page, "POST", "product/loadAll", {})) as Array<{ id: number }>;
  const created = (await api(page, "POST", "document/create", {
    status_id: statuses.find((status) => status.name === "Em análise")!.id,
    product_id: products[0]!.id,
    cpf: "447.712.782-02",
    name: "Caetano Ribas",
  })) as { id: number };
  await page.goto(`/documents/${created.id}`);
  const panel = page.locator("section", { has: page.getByRole("heading", { name: "Observações" }) });
  const composer = panel.getByTestId("reply-composer");
  await expect(composer).toBeVisible();
  // After a save the page refreshes its parts; one of them (the history) answers slowly, as on a busy server. The
  // saved note shows as soon as the page's own data is back, and the operator starts the next one.
  await page.route(`**/api/documents/${created.id}/history**`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await route.continue();
  });
  await composer.getByLabel("Nova observação").fill("Primeira nota: apólice conferida.");
  await composer.getByRole("button", { name: "Salvar nota interna" }).click();
  await expect(panel.getByRole("listitem").first()).toContainText("Primeira nota: apólice conferida.");
  await composer.getByLabel("Nova observação").fill("Segunda nota, ainda escrevendo");
  // The save is confirmed (after the slow refresh, when the form waited for it): the draft begun meanwhile stays.
  await expect(composer.getByText("Nota interna salva.")).toBeVisible();
  await expect(composer.getByLabel("Nova observação")).toHaveValue("Segunda nota, ainda escrevendo");
});
