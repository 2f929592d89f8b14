import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, keepScreenshot, signIn } from "./support/fixtures.ts";
import { samplePdf } from "../tests/helpers/sample-files.ts";

// On a phone-sized screen, a customer follows their protocol with protocol + CPF and sends the
// file staff asked for; staff then see it on the document page and in its history.
test.describe.configure({ timeout: 120_000 });

const PHONE = { width: 390, height: 844 };
const CUSTOMER = { cpf: "385.926.174-64", name: "Marta Lins Prado", email: "marta.prado@example.com" };
const PDF = Buffer.from(samplePdf());

async function api(page: Page, route: string, data: unknown) {
  const origin = new URL(page.url()).origin;
  const response = await page.request.post(`/api/${route}`, { data, headers: { origin } });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return response.json();
}

test("a customer follows a protocol and uploads a requested file on a phone", async ({ page, browser }) => {
  await signIn(page, "staff");
  const statuses = (await api(page, "status/loadAll", {})) as Array<{ id: number; name: string }>;
  const products = (await api(page, "product/loadAll", {})) as Array<{ id: number }>;
  const created = (await api(page, "document/create", {
    status_id: statuses.find((status) => status.name === "Aguardando documentos")!.id,
    product_id: products[0]!.id,
    ...CUSTOMER,
  })) as { id: number; protocol: string };
  await api(page, `documents/${created.id}/observations`, { text: "Precisamos da CNH.", visibility: "customer" });
  await api(page, `documents/${created.id}/observations`, { text: "Interno: ligar amanhã.", visibility: "internal" });
  await api(page, `documents/${created.id}/attachments/requests`, { file_name: "CNH", note: "Frente e verso" });

  // The customer, on a phone, with no staff session.
  const phone = await browser.newContext({ viewport: PHONE, locale: "pt-BR", timezoneId: "America/Sao_Paulo" });
  const customer = await phone.newPage();
  await customer.goto("/acompanhar");
  await expect(customer.getByRole("heading", { name: "Acompanhe seu protocolo" })).toBeVisible();
  await customer.getByLabel("Protocolo").fill(created.protocol);
  await customer.getByLabel("CPF ou CNPJ").fill("000.000.000-00");
  await customer.getByRole("button", { name: "Consultar" }).click();
  await expect(customer.getByRole("main").getByRole("alert")).toContainText(
    "Não encontramos um protocolo com esses dados",
  );

  // The protocol typed without the hyphen (as people read it out) still finds the document.
  await customer.getByLabel("Protocolo").fill(created.protocol.replace(/\D/g, " ").replace(/\s+/g, ""));
  await customer.getByLabel("CPF ou CNPJ").fill(CUSTOMER.cpf.replace(/\D/g, ""));
  await customer.getByRole("button", { name: "Consultar" }).click();
  await expect(customer.getByTestId("tracking-status")).toHaveText("Aguardando documentos");
  // Paused: no minute-exact estimate the stopped clock would not keep; who the customer deals with is named.
  await expect(customer.getByTestId("tracking-deadline")).toContainText("Em pausa");
  await expect(customer.getByTestId("tracking-deadline")).not.toContainText(/\d{2}:\d{2}/);
  // The seeded instance has no company name of its own (only its slug's spelling): the page names no company.
  await expect(customer.getByTestId("tracking-company")).toHaveCount(0);
  await expect(customer.getByRole("listitem").filter({ hasText: "etapa atual" })).toContainText("Análise");
  await expect(customer.getByText("Precisamos da CNH.")).toBeVisible();
  await expect(customer.getByText("Interno")).toHaveCount(0);
  await expect(customer.getByText(CUSTOMER.name)).toHaveCount(0);
  await expectNoSeriousA11yViolations(customer);
  // Nothing wider than the phone.
  expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await keepScreenshot(customer, { path: "e2e/screenshots/customer-tracking-phone.png", fullPage: true });

  const request = customer.getByTestId("pending-request");
  await request
    .getByLabel("Arquivo para “CNH”")
    .setInputFiles({ name: "cnh.pdf", mimeType: "application/pdf", buffer: PDF });
  await request.getByRole("button", { name: "Enviar" }).click();
  await expect(customer.getByText("Arquivo “CNH” enviado. Obrigado!")).toBeVisible();
  await expect(customer.getByText("Nenhum documento pendente.")).toBeVisible();
  await keepScreenshot(customer, { path: "e2e/screenshots/customer-tracking-phone-sent.png", fullPage: true });
  await phone.close();

  // Staff see the file and who sent it.
  await page.goto(`/documents/${created.id}`);
  const attachments = page.locator("section", { has: page.getByRole("heading", { name: "Anexos", exact: true }) });
  await expect(attachments).toContainText("cnh.pdf");
  // Credited to the customer (not the staff member who asked), with the requested document's name beside.
  const sent = attachments.locator("li", { hasText: "cnh.pdf" });
  await expect(sent.getByTestId("request-name")).toHaveText("(enviado para “CNH”)");
  await expect(sent).toContainText("cliente (página de acompanhamento)");
  await expect(sent).not.toContainText("staff@e2e.test");
  const history = page.locator("section", { has: page.getByRole("heading", { name: "Histórico", exact: true }) });
  await expect(history).toContainText("cliente (página de acompanhamento)");
});
