import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, keepScreenshot, signIn } from "./support/fixtures.ts";
import { samplePdf } from "../tests/helpers/sample-files.ts";

// An admin sets the tracking page's name, logo, help channel and privacy
// notice in Configurações → Página do cliente; a customer on a 390 px phone sees them, sends a file nobody asked
// for and a short reply with pt-BR controls, and sees the files already sent; staff see both on the document page
// credited to the customer. And a status that is another's only transition cannot be deleted — said up front.
test.describe.configure({ timeout: 150_000 });

const PHONE = { width: 390, height: 844 };
const CUSTOMER = { cpf: "529.982.247-25", name: "Helena Duarte Campos" };
const PDF = Buffer.from(samplePdf());
// A whole 2×2 PNG (valid CRCs and zlib data), so Chromium draws it.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAFUlEQVR4nGOQc1j/H4QZPmzR+A/CAE3GCa8m7L0vAAAAAElFTkSuQmCC",
  "base64",
);

async function api(page: Page, method: "POST" | "PUT" | "PATCH", route: string, data: unknown) {
  const origin = new URL(page.url()).origin;
  const response = await page.request.fetch(`/api/${route}`, { method, data, headers: { origin } });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return response.json();
}

test("the customer's tracking page: company, help, privacy, own file, reply, files sent (390 px)", async ({
  page,
  browser,
}) => {
  await signIn(page, "admin", "/settings/tracking-page");
  await expect(page.getByRole("heading", { name: "Página de acompanhamento do cliente" })).toBeVisible();
  await page.getByLabel("Nome exibido ao cliente").fill("Corretora Horizonte");
  await page.getByLabel("E-mail de atendimento").fill("atendimento@horizonte.example");
  await page.getByLabel("Telefone de atendimento").fill("(11) 3333-4444");
  await page.getByLabel("WhatsApp").fill("http://x");
  await page.getByRole("button", { name: "Salvar", exact: true }).click();
  // A wrong WhatsApp number is refused under its field; nothing saved.
  await expect(page.getByLabel("WhatsApp")).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("WhatsApp").fill("55 11 98765-4321");
  await page.getByRole("button", { name: "Salvar", exact: true }).click();
  await expect(page.getByText("Configurações da página do cliente salvas.")).toBeVisible();
  // The logo, through the pt-BR file button.
  await expect(page.getByText("Nenhum logotipo: a página mostra só o nome.")).toBeVisible();
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Escolher arquivo" }).click();
  await (await chooser).setFiles({ name: "marca.png", mimeType: "image/png", buffer: PNG });
  await page.getByRole("button", { name: "Enviar logotipo" }).click();
  await expect(page.getByRole("img", { name: "Logotipo atual" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const statuses = (await api(page, "POST", "status/loadAll", {})) as Array<{ id: number; name: string }>;
  const products = (await api(page, "POST", "product/loadAll", {})) as Array<{ id: number }>;
  const created = (await api(page, "POST", "document/create", {
    status_id: statuses.find((status) => status.name === "Aguardando documentos")!.id,
    product_id: products[0]!.id,
    ...CUSTOMER,
  })) as { id: number; protocol: string };
  await api(page, "POST", `documents/${created.id}/observations`, {
    text: "Recebemos sua proposta.",
    visibility: "customer",
  });

  const phone = await browser.newContext({ viewport: PHONE, locale: "pt-BR", timezoneId: "America/Sao_Paulo" });
  const customer = await phone.newPage();
  await customer.goto("/acompanhar");
  // The lookup forgives punctuation and spaces, as before.
  const bare = created.protocol.replace(/\D/g, "");
  await customer.getByLabel("Protocolo").fill(`${bare.slice(0, 8)} ${bare.slice(8)}`);
  await customer.getByLabel("CPF ou CNPJ").fill(CUSTOMER.cpf);
  await customer.getByRole("button", { name: "Consultar" }).click();
  await expect(customer.getByTestId("tracking-company")).toHaveText("Atendimento de Corretora Horizonte");
  await expect(customer.getByTestId("tracking-deadline")).toContainText("Em pausa");
  const logo = customer.getByRole("img", { name: "Logotipo de Corretora Horizonte" });
  await expect(logo).toBeVisible();
  expect(await logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(2);

  // The help channel and the privacy notice (none set: the built-in page).
  const help = customer.getByTestId("tracking-help");
  await expect(help.getByRole("link", { name: "atendimento@horizonte.example" })).toHaveAttribute(
    "href",
    "mailto:atendimento@horizonte.example",
  );
  await expect(help.getByRole("link", { name: "(11) 3333-4444" })).toHaveAttribute("href", "tel:1133334444");
  await expect(help.getByRole("link", { name: "Conversar pelo WhatsApp" })).toHaveAttribute(
    "href",
    "https://wa.me/5511987654321",
  );
  const privacy = help.getByRole("link", { name: "Aviso de privacidade" });
  await expect(privacy).toHaveAttribute("href", "/acompanhar/privacidade");

  // The file controls speak Portuguese (no browser "Choose File" / "No file chosen").
  const own = customer.getByTestId("send-own-file");
  await expect(own.getByRole("button", { name: "Escolher arquivo" })).toBeVisible();
  await expect(own.getByTestId("chosen-file")).toHaveText("Nenhum arquivo escolhido");
  await expect(customer.getByText("Choose File")).toHaveCount(0);
  await expect(customer.getByText("Arquivos que você enviou")).toBeVisible();
  await expect(customer.getByText("Nenhum arquivo enviado ainda.")).toBeVisible();

  // A file nobody asked for.
  const ownChooser = customer.waitForEvent("filechooser");
  await own.getByRole("button", { name: "Escolher arquivo" }).click();
  await (await ownChooser).setFiles({ name: "comprovante-residencia.pdf", mimeType: "application/pdf", buffer: PDF });
  await expect(own.getByTestId("chosen-file")).toHaveText("comprovante-residencia.pdf");
  await own.getByRole("button", { name: "Enviar arquivo" }).click();
  await expect(customer.getByText("Arquivo “comprovante-residencia.pdf” enviado à equipe. Obrigado!")).toBeVisible();
  const sentFiles = customer.getByTestId("sent-files");
  await expect(sentFiles).toContainText("comprovante-residencia.pdf");
  await expect(sentFiles).toContainText(/enviado em \d{2}\/\d{2}\/\d{4}/);

  // A short reply.
  const replyForm = customer.getByTestId("reply-form");
  await replyForm.getByLabel("Sua mensagem para a equipe").fill("Enviei o comprovante de residência.");
  await replyForm.getByRole("button", { name: "Enviar mensagem" }).click();
  await expect(customer.getByText("Mensagem enviada à equipe.")).toBeVisible();
  const messages = customer.getByTestId("tracking-messages");
  await expect(messages.getByRole("listitem").last()).toContainText("Você");
  await expect(messages.getByRole("listitem").last()).toContainText("Enviei o comprovante de residência.");
  await expect(messages.getByRole("listitem").first()).toContainText("Equipe");

  await expectNoSeriousA11yViolations(customer);
  expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await keepScreenshot(customer, { path: "e2e/screenshots/tracking-page-phone.png", fullPage: true });

  await privacy.click();
  await expect(
    customer.getByRole("heading", { name: "Aviso de privacidade da página de acompanhamento" }),
  ).toBeVisible();
  expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await phone.close();

  // Staff see both, credited to the customer.
  await page.goto(`/documents/${created.id}`);
  const attachments = page.locator("section", { has: page.getByRole("heading", { name: "Anexos", exact: true }) });
  await expect(attachments.locator("li", { hasText: "comprovante-residencia.pdf" })).toContainText(
    "cliente (página de acompanhamento)",
  );
  await expect(page.getByText("Enviei o comprovante de residência.").first()).toBeVisible();
  const history = page.locator("section", { has: page.getByRole("heading", { name: "Histórico", exact: true }) });
  await expect(history).toContainText("cliente (página de acompanhamento)");
});

test("a status that is another status's only transition cannot be deleted, and says why up front", async ({ page }) => {
  await signIn(page, "admin", "/settings/statuses");
  const categories = (await (await page.request.get("/api/admin/settings/categories")).json()) as Array<{
    id: number;
  }>;
  const categoryId = categories[0]!.id;
  const target = (await api(page, "POST", "admin/settings/statuses", {
    name: "Destino único E2E",
    category_id: categoryId,
  })) as { id: number };
  await api(page, "POST", "admin/settings/statuses", {
    name: "Origem E2E",
    category_id: categoryId,
    allowed_status_ids: [target.id],
  });
  await page.reload();
  const remove = page.getByRole("button", { name: "Excluir Destino único E2E" });
  await expect(remove).toBeDisabled();
  await expect(remove).toHaveAccessibleDescription(
    "Não pode ser excluído: é a única transição permitida de “Origem E2E”. Altere as transições deles antes.",
  );
  // The status that has other ways out stays deletable.
  await expect(page.getByRole("button", { name: "Excluir Origem E2E" })).toBeEnabled();
});
