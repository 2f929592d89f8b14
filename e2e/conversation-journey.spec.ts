import { expect, test, type Page } from "@playwright/test";
import { startSmtpSink, type SmtpSink } from "../tests/helpers/smtp-sink.ts";
import { keepScreenshot, signIn } from "./support/fixtures.ts";

// The conversation closes: a customer on a phone (390 px) replies from the tracking page; the operator's open queue
// (1280 px, never reloaded) shows "Cliente respondeu" on the case — the seconds it took are measured and printed; the
// operator answers from the composer; the e-mail the real SMTP receiver (E2E_PORT + 1) gets reads as a reply (the
// reply subject, the operator's text, no status notice) with a link that opens the customer's page.
test.describe.configure({ timeout: 150_000 });

const SMTP_PORT = (Number(process.env.E2E_PORT) || 3100) + 1;
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 800 };
const CUSTOMER = { cpf: "418.237.956-09", name: "Raimundo Teixeira", email: "raimundo.teixeira@example.com" };
/** The most the issue allows between the customer's reply and the marker in an open queue. */
const MARKER_SECONDS_MAX = 5;

let smtp: SmtpSink;
test.beforeAll(async () => {
  smtp = await startSmtpSink(SMTP_PORT);
});
test.afterAll(async () => smtp?.close());

async function api(page: Page, route: string, data: unknown) {
  const origin = new URL(page.url()).origin;
  const response = await page.request.post(`/api/${route}`, { data, headers: { origin } });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return response.json();
}

test("the customer replies at 390 px → the open queue marks it → the operator answers → the e-mail reads as a reply", async ({
  page,
  browser,
}) => {
  await page.setViewportSize(LAPTOP);
  await signIn(page, "admin");
  const statuses = (await api(page, "status/loadAll", {})) as Array<{ id: number; name: string }>;
  const products = (await api(page, "product/loadAll", {})) as Array<{ id: number }>;
  const created = (await api(page, "document/create", {
    status_id: statuses.find((status) => status.name === "Aguardando documentos")!.id,
    product_id: products[0]!.id,
    ...CUSTOMER,
  })) as { id: number; protocol: string };
  await api(page, `documents/${created.id}/observations`, { text: "Precisamos do BO.", visibility: "customer" });
  smtp.messages.length = 0;

  // The operator's queue is open before the customer writes, and is never reloaded.
  await page.goto(`/documents?cpf=${encodeURIComponent(CUSTOMER.cpf)}`);
  const row = page.getByRole("row").filter({ hasText: created.protocol });
  await expect(row).toBeVisible();
  await expect(row.getByTestId("customer-replied")).toHaveCount(0);

  // The customer, on a phone, with no staff session.
  const phone = await browser.newContext({ viewport: PHONE, locale: "pt-BR", timezoneId: "America/Sao_Paulo" });
  const customer = await phone.newPage();
  await customer.goto("/acompanhar");
  await customer.getByLabel("Protocolo").fill(created.protocol);
  await customer.getByLabel("CPF ou CNPJ").fill(CUSTOMER.cpf);
  await customer.getByRole("button", { name: "Consultar" }).click();
  await expect(customer.getByText("Precisamos do BO.")).toBeVisible();
  await customer.getByLabel("Sua mensagem para a equipe").fill("O BO ainda não saiu… posso mandar depois?");
  await keepScreenshot(customer, { path: "e2e/screenshots/conversation-1-customer-reply-390.png", fullPage: true });
  await customer.getByRole("button", { name: "Enviar mensagem" }).click();
  await expect(customer.getByText("Mensagem enviada à equipe.")).toBeVisible();
  const repliedAt = Date.now();
  expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  await expect(row.getByTestId("customer-replied")).toBeVisible({ timeout: 30_000 });
  const markerSeconds = (Date.now() - repliedAt) / 1000;
  console.log(`customer reply → queue marker: ${markerSeconds.toFixed(1)} s`);
  test.info().annotations.push({ type: "marker-seconds", description: markerSeconds.toFixed(1) });
  await keepScreenshot(page, { path: "e2e/screenshots/conversation-2-queue-marker-1280.png" });

  // The operator answers from the document page's composer.
  await page.goto(`/documents/${created.id}`);
  const panel = page.locator("section", { has: page.getByRole("heading", { name: "Observações" }) });
  await expect(panel.getByText("O BO ainda não saiu… posso mandar depois?")).toBeVisible();
  const composer = panel.getByTestId("reply-composer");
  const answer = "Pode mandar depois, sim. Seguimos com a análise enquanto isso.";
  await composer.getByText("Resposta ao cliente").click();
  await composer.getByLabel("Nova observação").fill(answer);
  await composer.getByLabel("Enviar por e-mail").check();
  await keepScreenshot(panel, { path: "e2e/screenshots/conversation-3-operator-answer-1280.png" });
  await composer.getByRole("button", { name: "Enviar ao cliente por e-mail" }).click();
  await expect(composer.getByText("Resposta publicada e e-mail colocado na fila de envio.")).toBeVisible();

  // The customer's e-mail, as the SMTP receiver got it, reads as a reply.
  const [mail] = await smtp.waitFor(1, 30_000);
  expect(mail!.to).toEqual([CUSTOMER.email]);
  expect(mail!.subject).toBe(`Resposta sobre o protocolo ${created.protocol}`);
  expect(mail!.text).toContain(`Olá, ${CUSTOMER.name}.`);
  expect(mail!.text).toContain(answer);
  expect(mail!.text).not.toContain("agora está em");
  expect(mail!.text).not.toContain("O BO ainda não saiu"); // the customer's own words are never quoted back
  const link = /Ver o andamento: (\S+)/.exec(mail!.text)?.[1];
  expect(link).toMatch(/\/acompanhar\?t=e\./);

  // The link in that e-mail opens the customer's page, with the answer.
  await customer.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(customer.getByText(answer)).toBeVisible();
  await keepScreenshot(customer, {
    path: "e2e/screenshots/conversation-4-customer-sees-answer-390.png",
    fullPage: true,
  });
  await phone.close();

  expect(markerSeconds, `the marker took ${markerSeconds.toFixed(1)} s`).toBeLessThanOrEqual(MARKER_SECONDS_MAX);
});
