import { expect, test, type Browser, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, keepScreenshot } from "./support/fixtures.ts";
import { NAMELESS_USERS } from "./support/seed-nameless-instance.ts";

// An instance set up without the company's name (e2e/support/seed-nameless-instance.ts): its admin is asked on the
// staff pages how customers know the company — a prompt beside the page, not in front of it — and its staff member is
// not; the name saved there is gone from the staff pages and greets the customer on the tracking page.
test.describe.configure({ timeout: 120_000 });

const PHONE = { width: 390, height: 844 };
const CUSTOMER = { cpf: "628.194.037-78", name: "Lívia Prado Nunes" };
const PROMPT = "Como seus clientes conhecem sua empresa?";
const COMPANY = "Seguros Bom Caminho";

async function signInAs(page: Page, user: { email: string; password: string }) {
  await page.goto("/signin");
  await page.getByLabel("E-mail").fill(user.email);
  await page.getByLabel("Senha").fill(user.password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await page.waitForURL(/\/documents/);
}

async function api(page: Page, route: string, data: unknown) {
  const origin = new URL(page.url()).origin;
  const response = await page.request.post(`/api/${route}`, { data, headers: { origin } });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return response.json();
}

async function trackingCompany(browser: Browser, protocol: string) {
  const phone = await browser.newContext({ viewport: PHONE, locale: "pt-BR", timezoneId: "America/Sao_Paulo" });
  const customer = await phone.newPage();
  await customer.goto("/acompanhar");
  await customer.getByLabel("Protocolo").fill(protocol);
  await customer.getByLabel("CPF ou CNPJ").fill(CUSTOMER.cpf);
  await customer.getByRole("button", { name: "Consultar" }).click();
  await expect(customer.getByTestId("tracking-status")).toHaveText("Em análise");
  return { phone, customer, company: customer.getByTestId("tracking-company") };
}

test("an admin of an instance with no company name is asked for it; once saved it is gone and greets the customer", async ({
  page,
  browser,
}) => {
  await signInAs(page, NAMELESS_USERS.admin);
  const prompt = page.getByRole("region", { name: PROMPT });
  await expect(prompt).toBeVisible();
  // Beside the page, not in front of it: the queue is there and usable.
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await keepScreenshot(page, { path: "e2e/screenshots/company-name-prompt.png" });

  const statuses = (await api(page, "status/loadAll", {})) as Array<{ id: number; name: string }>;
  const products = (await api(page, "product/loadAll", {})) as Array<{ id: number }>;
  const created = (await api(page, "document/create", {
    status_id: statuses.find((status) => status.name === "Em análise")!.id,
    product_id: products[0]!.id,
    ...CUSTOMER,
  })) as { protocol: string };
  const before = await trackingCompany(browser, created.protocol);
  await expect(before.company).toHaveCount(0);
  await before.phone.close();

  // Staff who are not admins are not asked (they cannot set it).
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInAs(staff, NAMELESS_USERS.staff);
  await expect(staff.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(staff.getByTestId("company-name-prompt")).toHaveCount(0);
  await staffContext.close();

  const field = prompt.getByRole("textbox", { name: PROMPT });
  await prompt.getByRole("button", { name: "Mostrar aos clientes" }).click();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await field.fill(`  ${COMPANY}  `);
  await prompt.getByRole("button", { name: "Mostrar aos clientes" }).click();
  await expect(page.getByRole("status").filter({ hasText: `mostra “${COMPANY}”` })).toBeVisible();
  await expect(prompt).toHaveCount(0);
  // Gone on the next pages too: the server reads the saved name.
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByTestId("company-name-prompt")).toHaveCount(0);
  // Saved through the tracking page's settings: the settings form holds it.
  await page.goto("/settings/tracking-page");
  await expect(page.getByLabel("Nome exibido ao cliente")).toHaveValue(COMPANY);

  const after = await trackingCompany(browser, created.protocol);
  await expect(after.company).toHaveText(`Atendimento de ${COMPANY}`);
  await after.phone.close();
});
