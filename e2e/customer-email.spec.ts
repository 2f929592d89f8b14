import { expect, test, type Page } from "@playwright/test";
import { startSmtpSink, type SmtpSink } from "../tests/helpers/smtp-sink.ts";
import { screenshotBothSizes, signIn } from "./support/fixtures.ts";

// An admin makes a status notify the customer; staff write an observation to the customer and move
// a document there; the app's own outbox loop delivers ONE e-mail to a real SMTP server (this process, on E2E_PORT + 1,
// which scripts/e2e-server.ts gives the app as SMTP_URL) with that observation; the document page lists it as sent.
test.describe.configure({ timeout: 120_000 });

const SMTP_PORT = (Number(process.env.E2E_PORT) || 3100) + 1;
const CUSTOMER = { cpf: "935.411.347-80", name: "Marina Albuquerque", email: "marina.albuquerque@example.com" };

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

test("a status change with notify e-mails the customer once, with the observation addressed to them", async ({
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

  try {
    // The admin turns the message on in the status dialog.
    await page.goto("/settings/statuses");
    await page.getByRole("button", { name: "Editar Aguardando documentos" }).click();
    const dialog = page.getByRole("dialog", { name: "Editar status" });
    await dialog.getByLabel("Nome para o cliente").fill("Aguardando seus documentos");
    await dialog.getByLabel("Avisar o cliente por e-mail quando o documento entrar neste status").check();
    await dialog.getByLabel("Assunto").fill("Protocolo {protocolo}: precisamos de documentos");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await expect(dialog).toBeHidden();

    // Staff side: an observation to the customer, an internal one, then the status change.
    await page.goto(`/documents/${created.id}`);
    const observations = page.locator("section", { has: page.getByRole("heading", { name: "Observações" }) });
    await observations.getByLabel("Nova observação").fill("Envie a CNH frente e verso, por favor.");
    await observations.getByText("Resposta ao cliente", { exact: true }).click();
    await observations.getByRole("button", { name: "Publicar para o cliente" }).click();
    await expect(observations.getByText("Envie a CNH frente e verso")).toBeVisible();
    await expect(observations.getByLabel("Nova observação")).toHaveValue("");
    await observations.getByLabel("Nova observação").fill("Nota interna: conferir apólice antiga.");
    await observations.getByText("Nota interna", { exact: true }).click();
    await observations.getByRole("button", { name: "Salvar nota interna" }).click();
    await expect(observations.getByText("Nota interna: conferir apólice antiga.")).toBeVisible();

    const workflow = page.locator("section", { has: page.getByRole("heading", { name: "Andamento", exact: true }) });
    await workflow.getByLabel("Novo status").selectOption({ label: "Aguardando documentos" });
    await workflow.getByRole("button", { name: "Alterar status" }).click();
    const started = performance.now();
    await page.getByRole("dialog", { name: "Confirmar alteração" }).getByRole("button", { name: "Confirmar" }).click();

    const [mail] = await smtp.waitFor(1, 30_000);
    console.log(`status change → e-mail received: ${Math.round(mail!.receivedAt - started)} ms`);
    expect(mail!.to).toEqual([CUSTOMER.email]);
    expect(mail!.subject).toBe(`Protocolo ${created.protocol}: precisamos de documentos`);
    expect(mail!.text).toContain(`Olá, ${CUSTOMER.name}.`);
    expect(mail!.text).toContain("Aguardando seus documentos");
    expect(mail!.text).toContain("- Envie a CNH frente e verso, por favor.");
    expect(mail!.text).not.toContain("Nota interna");
    expect(mail!.text).toMatch(/\/acompanhar\?t=/);

    // The page lists it as sent (masked recipient); a little later there is still exactly one e-mail.
    await page.reload();
    const messages = page.locator("section", { has: page.getByRole("heading", { name: "Mensagens ao cliente" }) });
    await expect(messages.getByTestId("message")).toHaveCount(1);
    await expect(messages.getByTestId("message")).toContainText("Enviada");
    await expect(messages.getByTestId("message")).toContainText("Para m*****************@e******.com");
    await screenshotBothSizes(page, "customer-email-document");
    await page.waitForTimeout(2_000);
    expect(smtp.messages).toHaveLength(1);
  } finally {
    await api(page, "PATCH", `admin/settings/statuses/${statusId("Aguardando documentos")}`, {
      notify_customer: false,
      public_name: null,
    });
  }
});
