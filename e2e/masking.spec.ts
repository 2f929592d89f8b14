import { expect, test, type Browser, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, screenshotBothSizes, signIn } from "./support/fixtures.ts";
import { QUEUE_FIXTURES } from "./support/seed-queue.ts";

// Masking by policy (names visible by default, identifiers masked; enforced on the server),
// one logged reveal per page instead of one "Revelar" per row.

test.describe.configure({ timeout: 120_000 });

const CUSTOMER = QUEUE_FIXTURES.masking;
const DEFAULT_POLICY = {
  admin: ["cpf", "email", "phone"],
  staff: ["cpf", "email", "phone"],
  viewer: ["cpf", "email", "phone"],
};

async function api(page: Page, route: string, data?: unknown) {
  const headers = { origin: new URL(page.url()).origin };
  return data === undefined
    ? page.request.get(`/api/${route}`, { headers })
    : page.request.post(`/api/${route}`, { data, headers });
}

type ListItem = { id: number; cpf: string; name: string | null; email: string | null; phone: string | null };
async function listed(page: Page): Promise<ListItem> {
  const response = await api(page, "documents/search", { filters: { cpf: CUSTOMER.cpf } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { items: ListItem[] }).items[0]!;
}

const rows = (page: Page) => page.getByRole("region", { name: "Tabela de documentos" }).locator("tbody tr");

async function signedIn(browser: Browser, who: "admin" | "staff" | "viewer") {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, who);
  return { page, close: () => context.close() };
}

test("by default names are visible and identifiers masked; the API sends nothing the policy masks", async ({
  page,
}) => {
  await signIn(page, "staff", `/documents?cpf=${encodeURIComponent(CUSTOMER.cpf)}`);
  await expect(rows(page).getByTestId("name")).toHaveText(CUSTOMER.name);
  await expect(rows(page).getByTestId("cpf")).toHaveText("***.857.402-**");
  // Per-row "Revelar" buttons are gone: one page-level reveal instead.
  await expect(page.getByRole("button", { name: /^Revelar dados pessoais do documento/ })).toHaveCount(0);
  const item = await listed(page);
  expect(item).toMatchObject({ cpf: "***.857.402-**", name: CUSTOMER.name });
  expect(item.email).not.toContain("marta@");
  expect(item.phone).toBe("+** ** *****-1234");
});

test("“Revelar esta página” reveals the visible rows with one logged request, not one history entry per row", async ({
  page,
}) => {
  await signIn(page, "staff", "/documents?size=10");
  await expect(rows(page)).toHaveCount(10);
  const requests: string[] = [];
  page.on("request", (request) => {
    if (/\/api\/documents\/(reveal|reveal-page)$/.test(request.url())) requests.push(new URL(request.url()).pathname);
  });
  const answer = page.waitForResponse((response) => response.url().endsWith("/api/documents/reveal-page"));
  await page.getByRole("button", { name: "Revelar esta página" }).click();
  expect((await answer).status()).toBe(200);
  await expect(rows(page).first().getByTestId("cpf")).not.toContainText("*");
  expect(await rows(page).getByTestId("cpf").allInnerTexts()).not.toContainEqual(expect.stringContaining("*"));
  expect(requests).toEqual(["/api/documents/reveal-page"]);
  await expectNoSeriousA11yViolations(page);
  await screenshotBothSizes(page, "masking-page-revealed");

  // The documents' own histories get no "reveal" rows from a page reveal (it is one audit entry).
  const first = await rows(page).first().locator("a[data-row-link]").getAttribute("href");
  // The row link carries the list's place (?from=…): the document's path is the part before it.
  const documentPath = new URL(first!, page.url()).pathname.replace(/^\//, "");
  const history = (await (await api(page, `${documentPath}/history`)).json()) as Array<{ action: string }>;
  expect(history.filter((entry) => entry.action === "reveal")).toEqual([]);

  await page.getByRole("button", { name: "Ocultar dados pessoais" }).click();
  await expect(rows(page).first().getByTestId("cpf")).toContainText("*");
});

test("admins choose per role what is masked; the server enforces it", async ({ browser }) => {
  const admin = await signedIn(browser, "admin");
  try {
    await admin.page.goto("/settings/masking");
    await expect(admin.page.getByRole("heading", { name: "Mascaramento de dados pessoais" })).toBeVisible();
    await expect(admin.page.getByRole("checkbox", { name: "Mascarar Nome para Operador" })).not.toBeChecked();
    await expect(admin.page.getByRole("checkbox", { name: "Mascarar CPF/CNPJ para Operador" })).toBeChecked();
    await admin.page.getByRole("checkbox", { name: "Mascarar Nome para Operador" }).check();
    await admin.page.getByRole("checkbox", { name: "Mascarar CPF/CNPJ para Operador" }).uncheck();
    await admin.page.getByRole("button", { name: "Salvar política" }).click();
    await expect(admin.page.getByText("Política de mascaramento salva.")).toBeVisible();
    await expectNoSeriousA11yViolations(admin.page);
    await screenshotBothSizes(admin.page, "masking-settings");

    const staff = await signedIn(browser, "staff");
    try {
      await staff.page.goto(`/documents?cpf=${encodeURIComponent(CUSTOMER.cpf)}`);
      await expect(rows(staff.page).getByTestId("name")).toHaveText("M**** Q*******");
      await expect(rows(staff.page).getByTestId("cpf")).toHaveText(CUSTOMER.cpf);
      expect(await listed(staff.page)).toMatchObject({ name: "M**** Q*******", cpf: CUSTOMER.cpf });
    } finally {
      await staff.close();
    }
    // Viewers keep their own (default) policy.
    const viewer = await signedIn(browser, "viewer");
    try {
      expect(await listed(viewer.page)).toMatchObject({ name: CUSTOMER.name, cpf: "***.857.402-**" });
      const refused = await api(viewer.page, "admin/settings/masking-policy", DEFAULT_POLICY);
      expect(refused.status()).toBe(403);
      expect(await refused.json()).toMatchObject({ code: "forbidden" });
    } finally {
      await viewer.close();
    }
  } finally {
    const restored = await api(admin.page, "admin/settings/masking-policy", DEFAULT_POLICY);
    expect(restored.status()).toBe(200);
    await admin.close();
  }
});

// One masking rule on every surface: the list, the document page and the composer's preview right below it show the
// same field the same way, as the role's policy says.
test("the list, the document page and the reply preview mask the same fields, as the policy says", async ({
  browser,
}) => {
  const admin = await signedIn(browser, "admin");
  const staff = await signedIn(browser, "staff");
  const customer = { cpf: "369.147.258-37", name: "Otília Brandão", email: "otilia.brandao@example.com" };
  try {
    const statuses = (await (await api(staff.page, "status/loadAll", {})).json()) as Array<{
      id: number;
      name: string;
    }>;
    const products = (await (await api(staff.page, "product/loadAll", {})).json()) as Array<{ id: number }>;
    const created = await api(staff.page, "document/create", {
      status_id: statuses.find((status) => status.name === "Em análise")!.id,
      product_id: products[0]!.id,
      ...customer,
    });
    expect(created.status()).toBe(200);
    const { id } = (await created.json()) as { id: number };

    const customerField = (page: Page) =>
      page.locator("dt", { hasText: /^Cliente$/ }).locator("xpath=following-sibling::dd[1]");
    const listedName = (page: Page) => rows(page).getByTestId("name").first();
    const previewOf = async (page: Page) => {
      const composer = page.getByTestId("reply-composer");
      await composer.getByText("Resposta ao cliente").click();
      await composer.getByLabel("Nova observação").fill(`Olá de novo, ${customer.name}: recebemos tudo.`);
      await composer.getByLabel("Enviar por e-mail").check();
      const body = composer.getByTestId("email-preview").getByTestId("preview-body");
      await expect(body).toContainText("recebemos tudo");
      return body;
    };

    // The default policy shows names: the list, the page and the preview all show it.
    await staff.page.goto(`/documents?cpf=${encodeURIComponent(customer.cpf)}`);
    await expect(listedName(staff.page)).toHaveText(customer.name);
    await staff.page.goto(`/documents/${id}`);
    await expect(customerField(staff.page)).toHaveText(customer.name);
    await expect(await previewOf(staff.page)).toContainText(`Olá, ${customer.name}.`);

    // Masked for staff: masked on all three, and the page offers "Revelar".
    const saved = await api(admin.page, "admin/settings/masking-policy", {
      ...DEFAULT_POLICY,
      staff: ["cpf", "name", "email", "phone"],
    });
    expect(saved.status()).toBe(200);
    await staff.page.goto(`/documents?cpf=${encodeURIComponent(customer.cpf)}`);
    await expect(listedName(staff.page)).toHaveText("O***** B******");
    await staff.page.goto(`/documents/${id}`);
    await expect(customerField(staff.page)).toHaveText("O***** B******");
    const masked = await previewOf(staff.page);
    await expect(masked).toContainText("Olá, ***.");
    await expect(masked).not.toContainText("Otília");
    await expect(staff.page.getByRole("button", { name: "Revelar dados pessoais" })).toBeVisible();

    // A reply e-mailed while masked: the sent message shows masked too.
    await staff.page
      .getByTestId("reply-composer")
      .getByRole("button", { name: "Enviar ao cliente por e-mail" })
      .click();
    const sentText = staff.page.getByTestId("message-text").filter({ hasText: "recebemos tudo" }).first();
    await expect(sentText).toContainText("Olá de novo, ***: recebemos tudo.");
    const sentMessage = staff.page.getByTestId("message").filter({ has: sentText });
    await expect(sentMessage).toContainText("Para o");
    await expect(sentMessage).not.toContainText(customer.email);
    const preview = await previewOf(staff.page);
    await expect(preview).toContainText("Olá, ***.");

    // "Revelar dados pessoais" reveals everything the page masks — the fields, the preview below them and the sent
    // messages — with one logged reveal.
    const reveals = async () => {
      const trail = await api(admin.page, "admin/audit/search", { action: "document.reveal", entity_id: String(id) });
      expect(trail.status()).toBe(200);
      const rows = ((await trail.json()) as { items: Array<{ document_id: number | null }> }).items;
      return rows.filter((row) => row.document_id === id).length;
    };
    const before = await reveals();
    await staff.page.getByRole("button", { name: "Revelar dados pessoais" }).click();
    await expect(customerField(staff.page)).toHaveText(customer.name);
    await expect(preview).toContainText(`Olá, ${customer.name}.`);
    await expect(staff.page.getByTestId("email-preview").getByTestId("preview-to")).toHaveText(customer.email);
    await expect(sentText).toContainText(`Olá de novo, ${customer.name}: recebemos tudo.`);
    await expect(sentMessage).toContainText(`Para ${customer.email}`);
    expect(await reveals()).toBe(before + 1);
  } finally {
    const restored = await api(admin.page, "admin/settings/masking-policy", DEFAULT_POLICY);
    expect(restored.status()).toBe(200);
    await staff.close();
    await admin.close();
  }
});
