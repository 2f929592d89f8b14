// The LGPD page's filter in its URL with the CPF kept out of it; a field
// the server refuses shown under its input in "Novo documento"; the queue (DataTable on TanStack Table, Radix
// popovers) at 1,280 and 1,920 px for a person to look at.
import { expect, test, type Page } from "@playwright/test";
import { keepScreenshot, signIn } from "./support/fixtures.ts";
import { expectNoSidewaysScroll } from "./support/layout-checks.ts";
import { cpfFromBase } from "./support/seed-dashboard.ts";

test.describe.configure({ timeout: 120_000 });

/** Every URL the page's frame shows (full loads and history pushes) and every request it sends. */
function recordUrls(page: Page): string[] {
  const seen: string[] = [];
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) seen.push(frame.url());
  });
  page.on("request", (request) => seen.push(request.url()));
  return seen;
}

test("LGPD: status and period live in the URL (reload, back, clear); the CPF never does", async ({ page }) => {
  const cpf = cpfFromBase("552000001");
  const digits = cpf.replace(/\D/g, "");
  const seen = recordUrls(page);
  await signIn(page, "admin", "/lgpd");
  const filters = page.getByRole("search", { name: "Filtrar solicitações" });
  await filters.getByLabel("Situação").selectOption({ label: "Concluída" });
  await filters.getByLabel("Solicitada a partir de").fill("2026-01-05");
  await filters.getByLabel("Solicitada até").fill("2026-02-10");
  await filters.getByLabel("CPF do titular").fill(cpf);
  await filters.getByRole("button", { name: "Filtrar" }).click();

  await expect.poll(() => new URL(page.url()).searchParams.get("status")).toBe("done");
  const params = new URL(page.url()).searchParams;
  expect(params.get("from")).toBe("2026-01-05");
  expect(params.get("to")).toBe("2026-02-10");
  // The search itself ran with the CPF (POST body), and it shows in its box…
  await expect(filters.getByLabel("CPF do titular")).toHaveValue(cpf);
  await expect(page.getByRole("status").filter({ hasText: "Nenhuma solicitação" })).toBeVisible();

  // …a reload keeps the URL's part and forgets the CPF (it lives only in the page's memory).
  await page.reload();
  await expect(filters.getByLabel("Situação")).toHaveValue("done");
  await expect(filters.getByLabel("Solicitada a partir de")).toHaveValue("2026-01-05");
  await expect(filters.getByLabel("Solicitada até")).toHaveValue("2026-02-10");
  await expect(filters.getByLabel("CPF do titular")).toHaveValue("");

  // Another filter, then back: the previous one returns to the form.
  await filters.getByLabel("Situação").selectOption({ label: "Erro" });
  await filters.getByRole("button", { name: "Filtrar" }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get("status")).toBe("error");
  await page.goBack();
  await expect.poll(() => new URL(page.url()).searchParams.get("status")).toBe("done");
  await expect(filters.getByLabel("Situação")).toHaveValue("done");

  // A link with the filter opens it; "Limpar filtros" empties the URL.
  await page.goto("/lgpd?status=pending&from=2026-03-01");
  await expect(filters.getByLabel("Situação")).toHaveValue("pending");
  await expect(filters.getByLabel("Solicitada a partir de")).toHaveValue("2026-03-01");
  await filters.getByRole("button", { name: "Limpar filtros" }).click();
  await expect.poll(() => new URL(page.url()).search).toBe("");
  await expect(filters.getByLabel("Situação")).toHaveValue("");

  // Not once in any URL the page showed or requested: the CPF, formatted, as digits or URL-encoded.
  expect(seen.length).toBeGreaterThan(5);
  for (const url of seen) {
    const decoded = decodeURIComponent(url);
    expect(decoded).not.toContain(digits);
    expect(decoded).not.toContain(cpf);
  }
});

test("Novo documento: a field the server refuses is shown under its input", async ({ page }) => {
  await signIn(page, "staff", "/documents/new");
  await page.getByLabel("Produto").selectOption({ label: "Seguro Auto" });
  await page.getByLabel("Status inicial").selectOption({ label: "Novo" });
  await page.getByLabel("CPF ou CNPJ").fill(cpfFromBase("552000002"));
  await page.getByLabel("E-mail").fill("cliente@example.com");
  // The browser's schema lets the form through; the server is sent what it refuses (as a page left open across a
  // deploy that tightened a rule would send): the real server answers 400 with errors[] at "email".
  let answered = 0;
  await page.route("**/api/document/create", async (route) => {
    const body = route.request().postDataJSON() as Record<string, unknown>;
    const response = await route.fetch({ postData: JSON.stringify({ ...body, email: "cliente@example" }) });
    answered = response.status();
    await route.fulfill({ response });
  });
  await page.getByRole("button", { name: "Criar documento" }).click();
  await expect.poll(() => answered).toBe(400);
  const email = page.getByLabel("E-mail");
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(email).toHaveAccessibleDescription(/.+/);
  // Only the refused field is marked, and the page stays on the form.
  await expect(page.getByLabel("CPF ou CNPJ")).not.toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/documents\/new$/);
});

test("the queue at 1,280 and 1,920 px (screenshots), with the Radix panels", async ({ page }) => {
  await signIn(page, "staff");
  for (const width of [1280, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/documents");
    const rows = page.getByRole("region", { name: "Tabela de documentos" }).locator("tbody tr");
    await expect(rows.first()).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await keepScreenshot(page, { path: `e2e/screenshots/kit-queue-${width}.png` });
    // "Adicionar filtro" opens its panel (Radix Popover) on screen; Escape closes it and focus returns.
    const add = page.getByRole("button", { name: "Adicionar filtro" });
    await add.click();
    const panel = page.getByRole("group", { name: "Adicionar filtro" });
    await expect(panel).toBeVisible();
    const box = (await panel.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    await keepScreenshot(page, { path: `e2e/screenshots/kit-queue-filter-${width}.png` });
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(add).toBeFocused();
  }
});

test("the document page, the dashboard and the new-document form at 1,280 and 1,920 px: no sideways scroll", async ({
  page,
}) => {
  await signIn(page, "staff");
  const first = page.getByRole("region", { name: "Tabela de documentos" }).locator("tbody tr a[href^='/documents/']");
  await expect(first.first()).toBeVisible();
  const documentPath = new URL((await first.first().getAttribute("href"))!, page.url()).pathname;
  const screens = [
    { name: "document", path: documentPath, heading: /./ },
    // The charts load after the tiles: the picture waits for them.
    { name: "dashboard", path: "/dashboard", heading: "Painel", ready: "Documentos por categoria" },
    { name: "new-document", path: "/documents/new", heading: "Novo documento" },
  ];
  for (const width of [1280, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    for (const screen of screens) {
      await page.goto(screen.path);
      await expect(page.getByRole("heading", { level: 1, name: screen.heading })).toBeVisible();
      if ("ready" in screen) await expect(page.getByRole("heading", { level: 2, name: screen.ready })).toBeVisible();
      await page.waitForLoadState("networkidle");
      await expectNoSidewaysScroll(page);
      await keepScreenshot(page, { path: `e2e/screenshots/kit-${screen.name}-${width}.png`, fullPage: true });
    }
  }
});
