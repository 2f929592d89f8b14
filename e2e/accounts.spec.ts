import { expect, test, type Browser, type Page } from "@playwright/test";
import { startSmtpSink, type SmtpSink } from "../tests/helpers/smtp-sink.ts";
import { appOrigin, signIn } from "./support/fixtures.ts";

// Accounts people manage, in the browser: "Esqueci minha senha" from the sign-in page to the e-mailed link (the app's
// own outbox loop delivers it to a real SMTP server in this process, on E2E_PORT + 1) and a new password; "Minha
// conta" (name, password, sessions and "Sair das outras sessões"); an admin ending a user's session; an integration
// account refused on the web sign-in.
test.describe.configure({ timeout: 120_000 });

const SMTP_PORT = (Number(process.env.E2E_PORT) || 3100) + 1;
let smtp: SmtpSink;
test.beforeAll(async () => {
  smtp = await startSmtpSink(SMTP_PORT);
});
test.afterAll(async () => smtp?.close());

const FIRST_PASSWORD = "jabuticaba-serra-verde-31";
const NEW_PASSWORD = "lanterna laranja no cais 42";

/** A user made by the admin over the API (the admin's stored session). */
async function newUser(page: Page, extra: Record<string, unknown> = {}) {
  await signIn(page, "admin", null);
  const email = `conta-${Date.now()}-${Math.floor(Math.random() * 1000)}@e2e.test`;
  const response = await page.request.post("/api/admin/settings/users", {
    data: { email, name: "Renata Contas", role: "staff", password: FIRST_PASSWORD, ...extra },
    headers: { origin: appOrigin() },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { email, id: ((await response.json()) as { id: number }).id };
}

async function signInAs(browser: Browser, email: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/signin");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Senha").fill(password);
  await page.getByRole("button", { name: "Entrar" }).click();
  return { context, page };
}

test("Esqueci minha senha: the e-mailed link sets a new password, refusing a common one", async ({ page, browser }) => {
  const user = await newUser(page);
  const context = await browser.newContext();
  const visitor = await context.newPage();
  await visitor.goto("/signin");
  await visitor.getByRole("link", { name: "Esqueci minha senha" }).click();
  // The button is enabled once the form runs (typing before that would be lost).
  await expect(visitor.getByRole("button", { name: "Enviar link" })).toBeEnabled();
  await visitor.getByLabel("E-mail").fill(user.email);
  await visitor.getByRole("button", { name: "Enviar link" }).click();
  await expect(visitor.getByText("Se houver uma conta com este e-mail")).toBeVisible();

  const mails = await smtp.waitFor(1, 30_000);
  const mail = mails.find((message) => message.to.includes(user.email))!;
  expect(mail.subject).toBe("Redefinição de senha do DocFlow");
  const link = /https?:\/\/\S+\/redefinir-senha#\S+/.exec(mail.text)![0];
  const target = new URL(link);
  await visitor.goto(`${target.pathname}${target.hash}`);
  await expect(visitor.getByRole("button", { name: "Salvar nova senha" })).toBeEnabled();

  await visitor.getByLabel("Nova senha", { exact: true }).fill("senha12345678");
  await visitor.getByLabel("Repita a nova senha").fill("senha12345678");
  await visitor.getByRole("button", { name: "Salvar nova senha" }).click();
  await expect(visitor.getByText("Esta senha é comum ou fácil de adivinhar")).toBeVisible();

  await visitor.getByLabel("Nova senha", { exact: true }).fill(NEW_PASSWORD);
  await visitor.getByLabel("Repita a nova senha").fill(NEW_PASSWORD);
  await visitor.getByRole("button", { name: "Salvar nova senha" }).click();
  await expect(visitor.getByText("Senha alterada. Entre com a nova senha.")).toBeVisible();
  await visitor.getByRole("link", { name: "Voltar para entrar" }).click();
  await visitor.getByLabel("E-mail").fill(user.email);
  await visitor.getByLabel("Senha").fill(NEW_PASSWORD);
  await visitor.getByRole("button", { name: "Entrar" }).click();
  await visitor.waitForURL(/\/documents/);
  await context.close();
});

test("Minha conta: name, password, and 'Sair das outras sessões' ends the other browser", async ({ page, browser }) => {
  const user = await newUser(page);
  const here = await signInAs(browser, user.email, FIRST_PASSWORD);
  await here.page.waitForURL(/\/documents/);
  const there = await signInAs(browser, user.email, FIRST_PASSWORD);
  await there.page.waitForURL(/\/documents/);

  await here.page.getByRole("link", { name: "Minha conta" }).first().click();
  await here.page.waitForURL(/\/conta$/);
  await expect(here.page.getByRole("heading", { name: "Minha conta", level: 1 })).toBeVisible();
  await here.page.getByLabel("Nome").fill("Renata Souza");
  await here.page.getByRole("button", { name: "Salvar" }).click();
  await expect(here.page.getByText("Salvo.")).toBeVisible();

  const sessions = here.page.locator("section", { has: here.page.getByRole("heading", { name: "Minhas sessões" }) });
  await expect(sessions.getByRole("row")).toHaveCount(3);
  await expect(sessions.getByText("(Esta sessão)")).toHaveCount(1);
  await sessions.getByRole("button", { name: "Sair das outras sessões" }).click();
  await expect(sessions.getByText("1 sessão encerrada.")).toBeVisible();
  await expect(sessions.getByRole("row")).toHaveCount(2);
  await there.page.goto("/documents");
  await there.page.waitForURL(/\/signin/);

  await here.page.getByLabel("Senha atual").fill("nao-e-a-senha-1");
  await here.page.getByLabel("Nova senha").fill(NEW_PASSWORD);
  await here.page.getByRole("button", { name: "Trocar senha" }).click();
  await expect(here.page.getByText("A senha atual está incorreta.")).toBeVisible();
  await here.page.getByLabel("Senha atual").fill(FIRST_PASSWORD);
  await here.page.getByRole("button", { name: "Trocar senha" }).click();
  await expect(here.page.getByText("Senha trocada.")).toBeVisible();
  await here.page.reload();
  await expect(here.page.getByLabel("Nome")).toHaveValue("Renata Souza");
  await here.context.close();
  await there.context.close();
});

test("an admin ends a user's session from Configurações → Usuários", async ({ page, browser }) => {
  const user = await newUser(page);
  const theirs = await signInAs(browser, user.email, FIRST_PASSWORD);
  await theirs.page.waitForURL(/\/documents/);

  await page.goto("/settings/users");
  await page.getByRole("button", { name: `Sessões de ${user.email}` }).click();
  const dialog = page.getByRole("dialog", { name: `Sessões de ${user.email}` });
  await expect(dialog.getByRole("row")).toHaveCount(2);
  await dialog.getByRole("button", { name: "Encerrar" }).click();
  await expect(dialog.getByText("Nenhuma sessão ativa.")).toBeVisible();
  await theirs.page.goto("/documents");
  await theirs.page.waitForURL(/\/signin/);
  await theirs.context.close();
});

test("an integration account cannot sign in on the web", async ({ page, browser }) => {
  const user = await newUser(page, { integration: true });
  const attempt = await signInAs(browser, user.email, FIRST_PASSWORD);
  await expect(attempt.page.getByText("Esta é uma conta de integração")).toBeVisible();
  expect(new URL(attempt.page.url()).pathname).toBe("/signin");
  await attempt.context.close();
});
