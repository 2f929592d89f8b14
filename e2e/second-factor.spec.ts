import { expect, test, type Browser, type Page } from "@playwright/test";
import { generate } from "otplib";
import { appOrigin, signIn } from "./support/fixtures.ts";

// The TOTP second factor in the browser: a person turns it on in "Minha conta" (the QR code is shown, a code from the
// secret confirms it, the ten recovery codes are shown once), and the next sign-in asks for a code after the
// password. Codes are computed with otplib from the secret the page shows, as an authenticator app would.
test.describe.configure({ timeout: 120_000 });

const PASSWORD = "goiabada-serra-azul-58";

async function newUser(page: Page) {
  await signIn(page, "admin", null);
  const email = `fator-${Date.now()}-${Math.floor(Math.random() * 1000)}@e2e.test`;
  const response = await page.request.post("/api/admin/settings/users", {
    data: { email, name: "Túlio Fator", role: "staff", password: PASSWORD },
    headers: { origin: appOrigin() },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { email };
}

async function passwordStep(browser: Browser, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/signin");
  await expect(page.getByRole("button", { name: "Entrar" })).toBeEnabled();
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Senha").fill(PASSWORD);
  await page.getByRole("button", { name: "Entrar" }).click();
  return { context, page };
}

/** A code of the next 30-second step (the enrolment spent the current one). */
const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

test("turn the factor on in Minha conta, then sign in with a code after the password", async ({ page, browser }) => {
  const user = await newUser(page);

  const first = await passwordStep(browser, user.email);
  await first.page.waitForURL(/\/documents/);
  await first.page.goto("/conta");
  await first.page.getByRole("button", { name: "Ativar" }).click();
  await expect(first.page.getByRole("img", { name: "Código QR para o aplicativo autenticador" })).toBeVisible();
  const secret = (await first.page.locator("code").first().textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]+$/);
  await first.page.getByLabel("Código").fill(await generate({ secret }));
  await first.page.getByRole("button", { name: "Confirmar" }).click();
  await expect(first.page.getByText("Verificação em duas etapas ativada.")).toBeVisible();
  const codes = first.page.getByRole("list", { name: "Códigos de recuperação" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  await first.page.getByRole("button", { name: "Guardei os códigos" }).click();
  await expect(first.page.getByText("A verificação em duas etapas está ativa.")).toBeVisible();
  await expect(first.page.getByText("10 códigos de recuperação restantes.")).toBeVisible();
  await first.context.close();

  // The password alone leads to the code step, not into the app.
  const second = await passwordStep(browser, user.email);
  await expect(second.page.getByText("Digite o código de 6 dígitos do aplicativo autenticador.")).toBeVisible();
  expect(new URL(second.page.url()).pathname).toBe("/signin");
  await second.page.getByLabel("Código").fill("000000" === (await nextCode(secret)) ? "111111" : "000000");
  await second.page.getByRole("button", { name: "Verificar" }).click();
  await expect(second.page.getByText("Código incorreto.")).toBeVisible();
  await second.page.getByLabel("Código").fill(await nextCode(secret));
  await second.page.getByRole("button", { name: "Verificar" }).click();
  await second.page.waitForURL(/\/documents/);
  await second.context.close();
});
