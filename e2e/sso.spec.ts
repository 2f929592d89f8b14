import { expect, test } from "@playwright/test";
import { generate } from "otplib";
import { startOidcProvider, type OidcTestProvider } from "../tests/helpers/oidc-provider.ts";
import { appOrigin, expectNoSeriousA11yViolations, signIn } from "./support/fixtures.ts";

// Single sign-on in the browser against a real OpenID Provider on loopback (`oidc-provider`, on E2E_PORT + 4; the
// e2e server opens loopback with SSO_ALLOW_CIDRS): an admin sets it up on Configurações → Login único (SSO), and a
// person of the directory signs in from the sign-in page through the provider's own login page, arriving signed in
// with the role of their group.
test.describe.configure({ timeout: 120_000 });

const PROVIDER_PORT = (Number(process.env.E2E_PORT) || 3100) + 4;
let idp: OidcTestProvider;
test.beforeAll(async () => {
  idp = await startOidcProvider({ port: PROVIDER_PORT, redirectUris: [`${appOrigin()}/sso/callback`] });
  idp.people.set("joana", { email: "joana.sso@e2e.test", name: "Joana Diretório", groups: ["docflow-leitura"] });
});
test.afterAll(async () => idp?.close());

test("an admin sets up single sign-on and a person signs in through the directory's login page", async ({
  page,
  browser,
}) => {
  await signIn(page, "admin", "/settings/sso");
  await expect(page.getByRole("heading", { name: "Login único (SSO) com OpenID Connect" })).toBeVisible();
  await expect(page).toHaveTitle("Login único (SSO) · Configurações · DocFlow");
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel("Ativar o login único").check();
  await page.getByLabel("Endereço do emissor (issuer)").fill(idp.issuer);
  await page.getByLabel("ID do cliente (client id)").fill(idp.clientId);
  await page.getByLabel("Segredo do cliente (client secret)").fill(idp.clientSecret);
  await page.getByLabel("Domínios de e-mail aceitos").fill("e2e.test");
  await page.getByLabel("Grupos do diretório → perfil").fill("docflow-leitura = viewer\ndocflow-admins = admin");
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Configurações salvas.")).toBeVisible();
  // The secret is never shown again: its last four characters only.
  await expect(page.getByText(`termina em ${idp.clientSecret.slice(-4)}`)).toBeVisible();

  const context = await browser.newContext();
  const visitor = await context.newPage();
  await visitor.goto("/signin");
  await expectNoSeriousA11yViolations(visitor);
  await visitor.getByLabel("Identificador da empresa").fill("default");
  await visitor.getByRole("button", { name: "Usar o login da empresa (SSO)" }).click();
  // The provider's own login page (its development interaction: any login name signs in as that person).
  await expect(visitor).toHaveURL(new RegExp(`^${idp.issuer}/interaction/`));
  await visitor.locator('input[name="login"]').fill("joana");
  await visitor.locator('input[name="password"]').fill("qualquer");
  await visitor.getByRole("button", { name: "Sign-in" }).click();

  await expect(visitor).toHaveURL(/\/documents/);
  const account = await visitor.request.get("/api/account");
  expect(account.status()).toBe(200);
  expect(await account.json()).toMatchObject({ email: "joana.sso@e2e.test", name: "Joana Diretório" });
  // A viewer, as the group maps: the settings stay closed to them.
  await visitor.goto("/settings/sso");
  await expect(visitor).toHaveURL(/\/forbidden/);
  await context.close();
});

test("a person outside the accepted domains is sent back to the sign-in page with the reason", async ({ browser }) => {
  idp.people.set("estranho", { email: "estranho@fora.example", name: "Estranho", groups: ["docflow-admins"] });
  const context = await browser.newContext();
  const visitor = await context.newPage();
  await visitor.goto("/signin?instance=default");
  await visitor.getByRole("button", { name: "Usar o login da empresa (SSO)" }).click();
  await visitor.locator('input[name="login"]').fill("estranho");
  await visitor.locator('input[name="password"]').fill("qualquer");
  await visitor.getByRole("button", { name: "Sign-in" }).click();
  await expect(visitor).toHaveURL(/\/signin\?error=SsoDomain/);
  await expect(visitor.getByText("Seu e-mail não é de um domínio aceito para o login da empresa.")).toBeVisible();
  await context.close();
});

test("a person with a second factor gives the code on the sign-in page after the directory", async ({ browser }) => {
  idp.people.set("tereza", { email: "tereza.sso@e2e.test", name: "Tereza Fator", groups: ["docflow-leitura"] });
  async function throughDirectory() {
    const context = await browser.newContext();
    const visitor = await context.newPage();
    await visitor.goto("/signin?instance=default");
    await visitor.getByRole("button", { name: "Usar o login da empresa (SSO)" }).click();
    await visitor.locator('input[name="login"]').fill("tereza");
    await visitor.locator('input[name="password"]').fill("qualquer");
    await visitor.getByRole("button", { name: "Sign-in" }).click();
    return { context, visitor };
  }

  // No factor yet: the directory signs her in, and she turns one on in Minha conta.
  const first = await throughDirectory();
  await first.visitor.waitForURL(/\/documents/);
  await first.visitor.goto("/conta");
  await first.visitor.getByRole("button", { name: "Ativar" }).click();
  const secret = (await first.visitor.locator("code").first().textContent())!.trim();
  await first.visitor.getByLabel("Código").fill(await generate({ secret }));
  await first.visitor.getByRole("button", { name: "Confirmar" }).click();
  await expect(first.visitor.getByText("Verificação em duas etapas ativada.")).toBeVisible();
  await first.context.close();

  // Now the directory alone is not enough: the sign-in page's code step, and the challenge is not in the address.
  const second = await throughDirectory();
  await expect(second.visitor.getByText("Digite o código de 6 dígitos do aplicativo autenticador.")).toBeVisible();
  expect(new URL(second.visitor.url()).pathname).toBe("/signin");
  expect((await second.visitor.request.get("/api/account")).status()).toBe(401);
  await expectNoSeriousA11yViolations(second.visitor);
  await second.visitor.getByLabel("Código").fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await second.visitor.getByRole("button", { name: "Verificar" }).click();
  await second.visitor.waitForURL(/\/documents/);
  expect((await second.visitor.request.get("/api/account")).status()).toBe(200);
  await second.context.close();
});
