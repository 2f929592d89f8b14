import { expect, test, type Page } from "@playwright/test";
import { verifySignature } from "../lib/webhooks/server/signature.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../tests/helpers/webhook-receiver.ts";
import { expectNoSidewaysScroll } from "./support/layout-checks.ts";
import { keepScreenshot, signIn } from "./support/fixtures.ts";

// An admin debugs a webhook from APIs → Webhooks — a test event and its answer, the payload sent,
// failures said in Portuguese (never "No answer from the receiver" or a raw TypeError), editing the URL and events,
// and a secret rotation whose overlap window signs with both secrets; the LGPD key rotates with the same overlap.
test.describe.configure({ timeout: 120_000 });

const PHONE = { width: 390, height: 844 };
let receiver: WebhookReceiver;
test.beforeAll(async () => {
  receiver = await startWebhookReceiver((Number(process.env.E2E_PORT) || 3100) + 3);
});
test.afterAll(async () => receiver?.close());

async function endpointIds(page: Page): Promise<number[]> {
  const { items } = (await (await page.request.get("/api/admin/webhooks")).json()) as { items: Array<{ id: number }> };
  return items.map((item) => item.id);
}

test("an admin sends a test event, reads the payload and answer, edits, and rotates the secret with overlap", async ({
  page,
}) => {
  await signIn(page, "admin", "/apis/webhooks");
  const before = await endpointIds(page);
  const url = `${receiver.url}/console`;
  await page.getByLabel("URL").fill(url);
  await page.getByRole("button", { name: "Cadastrar" }).click();
  const oldSecret = await page.getByRole("textbox", { name: "Segredo de assinatura" }).inputValue();
  expect(oldSecret).toMatch(/^whsec_/);
  const card = page.getByTestId("webhook-endpoint").filter({ hasText: url });
  const origin = new URL(page.url()).origin;
  const created: number[] = [];

  try {
    created.push(...(await endpointIds(page)).filter((id) => !before.includes(id)));
    // A test event: the receiver gets it signed; the card shows it delivered, with the JSON and the answer.
    receiver.received.length = 0;
    await card.getByRole("button", { name: "Enviar evento de teste" }).click();
    await expect(card.getByText("Evento de teste (webhook.test) na fila", { exact: false })).toBeVisible();
    const [hook] = await receiver.waitFor(1, 30_000);
    expect(hook!.json.type).toBe("webhook.test");
    expect(verifySignature(oldSecret, hook!.body, hook!.headers["x-signature"] ?? null)).toBe(true);
    const testDelivery = card.getByTestId("webhook-delivery").filter({ hasText: "webhook.test" }).first();
    await expect(testDelivery).toContainText("Entregue · HTTP 200", { timeout: 15_000 });
    await testDelivery.getByRole("button", { name: "Ver conteúdo e resposta" }).click();
    const detail = testDelivery.getByTestId("webhook-delivery-detail");
    await expect(detail).toContainText(`"id": "${hook!.json.id}"`);
    await expect(detail).toContainText('"type": "webhook.test"');
    await expect(detail).toContainText("x-webhook-event: webhook.test");
    await expect(detail).toContainText('{"ok":true}');

    // The receiver is down: the failure is said in Portuguese.
    receiver.setDown(true);
    await card.getByRole("button", { name: "Enviar evento de teste" }).click();
    await expect(card.getByText("Seu sistema respondeu HTTP 503 (esperado: 2xx).").first()).toBeVisible({
      timeout: 15_000,
    });
    receiver.setDown(false);

    // Nobody listens: "Sem resposta…", never the sender's English text.
    const closedUrl = "http://127.0.0.1:9/nobody";
    const closed = await page.request.post("/api/admin/webhooks", {
      data: { url: closedUrl, events: ["lgpd.request.completed"] },
      headers: { origin },
    });
    expect(closed.status()).toBe(201);
    created.push(((await closed.json()) as { id: number }).id);
    await page.reload();
    const closedCard = page.getByTestId("webhook-endpoint").filter({ hasText: closedUrl });
    await closedCard.getByRole("button", { name: "Enviar evento de teste" }).click();
    await expect(closedCard.getByText("Sem resposta do seu sistema", { exact: false })).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByText("No answer from the receiver")).toHaveCount(0);
    await expect(page.getByText("TypeError")).toHaveCount(0);
    // Disabled: the test button says why it cannot be used.
    await closedCard.getByRole("button", { name: "Desativar" }).click();
    await expect(closedCard.getByRole("button", { name: "Enviar evento de teste" })).toBeDisabled();
    await expect(closedCard.getByText("só pode ser enviado com o endpoint ativo", { exact: false })).toBeVisible();
    await expect(closedCard.getByText("desativado por um administrador", { exact: false })).toBeVisible();

    // Edit the URL and events; a forbidden address is refused under the field.
    await card.getByRole("button", { name: "Editar URL e eventos" }).click();
    const editForm = page.getByRole("form", { name: `Editar ${url}` });
    await editForm.getByLabel("URL").fill("http://169.254.169.254/latest");
    await editForm.getByRole("button", { name: "Salvar alterações" }).click();
    await expect(editForm.getByText("Este endereço não é permitido para webhooks", { exact: false })).toBeVisible();
    const editedUrl = `${receiver.url}/editado`;
    await editForm.getByLabel("URL").fill(editedUrl);
    await editForm.getByRole("checkbox", { name: "document.updated" }).uncheck();
    await editForm.getByRole("button", { name: "Salvar alterações" }).click();
    await expect(editForm).toHaveCount(0);
    const editedCard = page.getByTestId("webhook-endpoint").filter({ hasText: editedUrl });
    await expect(editedCard).toBeVisible();
    await expect(editedCard).not.toContainText("document.updated,");

    // Rotate with the default 24 h window: the new secret shown once; deliveries carry both signatures.
    await editedCard.getByRole("button", { name: "Trocar segredo" }).click();
    await expect(editedCard.getByLabel("Janela de transição")).toHaveValue("24");
    await expect(editedCard.getByText("qualquer v1 conferir", { exact: false })).toBeVisible();
    await editedCard.getByRole("button", { name: "Gerar novo segredo" }).click();
    const newSecret = await editedCard.getByRole("textbox", { name: "Novo segredo de assinatura" }).inputValue();
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(oldSecret);
    await expect(editedCard.getByTestId("webhook-overlap")).toContainText("o segredo anterior também assina");
    receiver.received.length = 0;
    await editedCard.getByRole("button", { name: "Enviar evento de teste" }).click();
    const [rotated] = await receiver.waitFor(1, 30_000);
    const header = rotated!.headers["x-signature"] ?? null;
    expect(verifySignature(newSecret, rotated!.body, header)).toBe(true);
    expect(verifySignature(oldSecret, rotated!.body, header)).toBe(true);

    await editedCard.getByRole("button", { name: "Ver conteúdo e resposta" }).first().click();
    await expect(editedCard.getByTestId("webhook-delivery-detail").first()).toBeVisible();
    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page);
    await keepScreenshot(page, { path: "e2e/screenshots/webhook-console-phone.png", fullPage: true });
  } finally {
    for (const id of created) await page.request.delete(`/api/admin/webhooks/${id}`, { headers: { origin } });
  }
});

test("the LGPD key is replaced with an overlap window: the previous key is shown as still accepted", async ({
  page,
}) => {
  await signIn(page, "admin", "/apis/lgpd");
  const first = await page.request.post("/api/admin/lgpd-key/rotate", {
    data: {},
    headers: { origin: new URL(page.url()).origin },
  });
  expect(first.status()).toBe(200);
  const firstKey = ((await first.json()) as { key: string }).key;
  await page.reload();
  await expect(page.getByLabel("A chave atual continua valendo por")).toHaveValue("24");
  await page.getByRole("button", { name: "Gerar nova chave" }).click();
  await expect(page.getByText("continua funcionando durante a janela", { exact: false })).toBeVisible();
  await page.getByRole("button", { name: "Sim, gerar nova chave" }).click();
  await expect(page.getByText("a anterior continua funcionando até", { exact: false })).toBeVisible();
  await expect(page.getByTestId("lgpd-previous-key")).toContainText(`…${firstKey.slice(-4)}, ainda aceita até`);
  // The previous key still opens the LGPD API.
  const { instance } = (await (await page.request.get("/api/admin/lgpd-key")).json()) as { instance: string };
  const status = await page.request.get(`/api/lgpd/${instance}/status/12345678909`, {
    headers: { "x-api-key": firstKey },
  });
  expect(status.status()).not.toBe(401);
});
