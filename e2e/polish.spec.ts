// Polish of the staff app (small layout faults and history readability): each test reproduces one fault.
import { expect, test, type Page } from "@playwright/test";
import { DASHBOARD_PRODUCT } from "./support/seed-dashboard.ts";
import { DOCUMENT_PAGE_FIXTURES } from "./support/seed-document-page.ts";
import { expectNoSeriousA11yViolations, screenshotBothSizes, signIn } from "./support/fixtures.ts";
import { expectNoSeriousA11yViolationsAtBothSizes } from "./support/layout-checks.ts";

test.describe.configure({ timeout: 120_000 });

async function api(page: Page, route: string, data: unknown) {
  const origin = new URL(page.url()).origin;
  return page.request.post(`/api/${route}`, { data, headers: { origin } });
}

test("the header names the person once: a user called like their role shows the e-mail, not 'Administrador · Administrador'", async ({
  page,
  browser,
}) => {
  await signIn(page, "admin");
  await expect(page.locator("header")).toContainText("Ana Admin · Administrador");
  const email = `administrador-${Date.now()}@e2e.test`;
  const created = await api(page, "admin/settings/users", {
    email,
    name: "Administrador",
    role: "admin",
    password: "quadro-azul-tamarindo-7",
  });
  expect(created.status()).toBe(201);

  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto("/signin");
  await other.getByLabel("E-mail").fill(email);
  await other.getByLabel("Senha").fill("quadro-azul-tamarindo-7");
  await other.getByRole("button", { name: "Entrar" }).click();
  await other.waitForURL(/\/documents/);
  const header = other.locator("header");
  await expect(header).toContainText(`${email} · Administrador`);
  await expect(header).not.toContainText("Administrador · Administrador");
  await context.close();
});

test("'Acesso negado' keeps the app menu, so a refused user can go elsewhere", async ({ page }) => {
  await signIn(page, "staff", "/lgpd");
  await expect(page).toHaveURL(/\/forbidden$/);
  await expect(page.getByRole("heading", { level: 1, name: "Acesso negado" })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Menu principal" });
  await expect(nav.getByRole("link", { name: "Painel" })).toBeVisible();
  await expect(page.locator("header")).toContainText("Sérgio Staff · Operador");
  await nav.getByRole("link", { name: "Painel" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Painel" })).toBeVisible();
  await page.goto("/forbidden");
  await expectNoSeriousA11yViolations(page);
  await screenshotBothSizes(page, "forbidden");
});

test("every page has a favicon and app icons: no 404 while browsing", async ({ page }) => {
  const missing: string[] = [];
  page.on("response", (response) => {
    if (response.status() === 404) missing.push(response.url());
  });
  await page.goto("/signin");
  await signIn(page, "admin", "/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Painel" })).toBeVisible();
  await page.waitForLoadState("networkidle");

  for (const path of ["/favicon.ico", "/icon.svg", "/apple-icon.png", "/icon-192.png", "/icon-512.png"]) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()["content-type"], path).toMatch(/^image\//);
  }
  const icon = page.locator('head link[rel="icon"]').first();
  await expect(icon).toHaveAttribute("href", /icon|favicon/);
  const manifestHref = await page.locator('head link[rel="manifest"]').getAttribute("href");
  const manifest = await (await page.request.get(manifestHref!)).json();
  expect(manifest.icons.map((entry: { src: string }) => entry.src)).toContain("/icon-512.png");
  expect(missing).toEqual([]);
});

test("the sign-in page has a language switch: English before signing in", async ({ page }) => {
  await page.goto("/signin");
  await expect(page.getByRole("heading", { level: 1, name: "Entrar no DocFlow" })).toBeVisible();
  await page.getByLabel("Idioma").selectOption("en");
  await expect(page.getByRole("heading", { level: 1, name: "Sign in to DocFlow" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expectNoSeriousA11yViolations(page);
  await screenshotBothSizes(page, "signin-english");
  await page.getByLabel("E-mail").fill("viewer@e2e.test");
  await page.getByLabel("Password").fill("viewer-password-123");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/documents/);
  await expect(page.getByRole("navigation", { name: "Main menu" })).toBeVisible();
});

async function dashboardFor(page: Page, from = "", to = "") {
  await page.goto("/dashboard");
  await page.getByLabel("Produto", { exact: true }).selectOption({ label: DASHBOARD_PRODUCT });
  await page.getByLabel("Criados de", { exact: true }).fill(from);
  await page.getByLabel("Criados até", { exact: true }).fill(to);
  await page.getByRole("button", { name: "Aplicar" }).click();
}

const chart = (page: Page, title: string) => page.getByRole("region", { name: title, exact: true });

test("dashboard: each category has its own colour ('Inválidos' is not the green of 'Finalizados')", async ({
  page,
}) => {
  await signIn(page, "viewer");
  await dashboardFor(page);
  await expect(page.getByTestId("dashboard-total")).toHaveText("8 documentos no filtro");
  const bars = chart(page, "Documentos por categoria").locator(".recharts-bar-rectangle path");
  await expect(bars).toHaveCount(5);
  const fills = await bars.evaluateAll((paths) => paths.map((path) => path.getAttribute("fill")));
  // Acesso, Em andamento, Pausados, Finalizados, Inválidos.
  expect(new Set(fills).size).toBe(5);
  expect(fills[3]).toBe("#15803d");
  expect(fills[4]).not.toBe(fills[3]);
});

test("dashboard: an empty days-late chart says so; a single period of compliance is drawn as bars, not a lone dot", async ({
  page,
}) => {
  await signIn(page, "viewer");
  // June 2026: three finished documents, none open, so nobody is late; compliance has one month.
  await dashboardFor(page, "2026-06-01", "2026-06-30");
  await expect(page.getByTestId("dashboard-total")).toHaveText("3 documentos no filtro");
  const late = chart(page, "Dias de atraso dos documentos abertos");
  await expect(late).toContainText("Nenhum documento aberto está atrasado neste filtro.");
  await expect(late.locator(".recharts-surface")).toHaveCount(0);

  const byProduct = chart(page, "Cumprimento de SLA por produto");
  await expect(byProduct.locator(".recharts-bar-rectangle")).toHaveCount(1);
  await expect(byProduct.locator(".recharts-line-dot")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await screenshotBothSizes(page, "dashboard-single-period");

  // Two weeks make a trend again: a line.
  await page.getByLabel("Cumprimento por", { exact: true }).selectOption("week");
  await expect(byProduct.locator(".recharts-line-dot")).toHaveCount(2);
  await expect(byProduct.locator(".recharts-bar-rectangle")).toHaveCount(0);
});

test("the API reference has a search box and a table of contents whose anchors open the operation", async ({
  page,
}) => {
  await signIn(page, "viewer", "/api-reference");
  const search = page.getByRole("searchbox", { name: "Buscar na referência" });
  const contents = page.getByRole("navigation", { name: "Índice" });
  await expect(contents.getByRole("link", { name: /POST\s*\/api\/document\/create/ })).toBeVisible();
  const total = await contents.getByRole("link").count();
  expect(total).toBeGreaterThan(15);

  await search.fill("loadbycpf");
  await expect(page.getByText(`1 operação de ${total}`)).toBeVisible();
  await expect(contents.getByRole("link")).toHaveCount(1);
  await expect(page.locator("details[id]:visible")).toHaveCount(1);
  await contents.getByRole("link", { name: /loadByCPF/ }).click();
  await expect(page).toHaveURL(/#post-document-loadbycpf$/);
  const operation = page.locator("#post-document-loadbycpf");
  await expect(operation).toHaveAttribute("open", "");
  await expect(operation.getByRole("table", { name: "Corpo da requisição" })).toBeInViewport();

  // Accents and case do not matter; a word that matches nothing says so.
  await search.fill("EXCLUSÃO inexistente-xyz");
  await expect(page.getByText("Nenhuma operação corresponde à busca.")).toBeVisible();
  await search.fill("");
  await expect(contents.getByRole("link")).toHaveCount(total);

  // A shared link opens its operation.
  await page.goto("/api-reference#post-document-create");
  await expect(page.locator("#post-document-create")).toHaveAttribute("open", "");
  await expect(page.locator("#post-document-create > summary")).toBeInViewport();
  await expectNoSeriousA11yViolationsAtBothSizes(page);
  await screenshotBothSizes(page, "api-reference-search");
});

test("history: 'Documento criado' lists filled_columns as labelled values, not raw JSON", async ({ page }) => {
  await signIn(page, "staff");
  const found = await api(page, "document/loadByCPF", { cpf: DOCUMENT_PAGE_FIXTURES.open.cpf });
  const [document] = (await found.json()) as Array<{ id: number }>;
  await page.goto(`/documents/${document!.id}`);
  const created = page.locator('li[data-action="create"]');
  await expect(created).toContainText("Documento criado");
  await expect(created).not.toContainText('{"placa"');
  const values = created.locator("dl");
  await expect(values).toBeVisible();
  const pairs = await values
    .locator("dt")
    .evaluateAll((terms) => terms.map((term) => `${term.textContent}=${term.nextElementSibling?.textContent}`));
  expect(pairs).toEqual([
    "Placa=BRA2E19",
    "Valor segurado=85.000",
    "Início da vigência=01/03/2026",
    "corretor=Ana Corretora",
  ]);
  await expectNoSeriousA11yViolations(page);
  await created.scrollIntoViewIfNeeded();
  await screenshotBothSizes(page, "document-history-created");
});
