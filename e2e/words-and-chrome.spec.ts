// The small things a person meets on every page: the header holds still, focus comes back after a dialog, a long
// message scrolls by keyboard, a busy server says so and tries again by itself, and the history names people.
import { expect, test, type Page } from "@playwright/test";
import { appOrigin, signIn } from "./support/fixtures.ts";

test.describe.configure({ timeout: 120_000 });

async function api(page: Page, route: string, data: unknown) {
  const response = await page.request.post(`/api/${route}`, { data, headers: { origin: appOrigin() } });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return response.json();
}

/** A fresh document created by the signed-in admin through the API (so its history has a user as actor). */
async function newDocument(page: Page, customer: { cpf: string; name: string; email: string }) {
  const statuses = (await api(page, "status/loadAll", {})) as Array<{ id: number; name: string }>;
  const products = (await api(page, "product/loadAll", {})) as Array<{ id: number }>;
  return (await api(page, "document/create", {
    status_id: statuses.find((status) => status.name === "Em análise")!.id,
    product_id: products[0]!.id,
    ...customer,
  })) as { id: number; protocol: string };
}

test("at 1440 px the header is one row and holds still between the documents list and every settings page", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, "admin", "/documents");
  const geometry = async () =>
    page
      .locator("header")
      .first()
      .evaluate((header) => {
        const box = (selector: string) => header.querySelector(selector)!.getBoundingClientRect();
        const links = [...header.querySelectorAll("nav a")].map((link) => Math.round(link.getBoundingClientRect().top));
        return {
          height: Math.round(header.getBoundingClientRect().height),
          rows: new Set(links).size,
          brandLeft: Math.round(box("a").left),
          findLeft: Math.round(box("[role=combobox]").left),
        };
      });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const onDocuments = await geometry();
  expect(onDocuments.rows).toBe(1);
  for (const path of ["/settings", "/settings/statuses", "/settings/products", "/settings/users", "/lgpd", "/apis"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    expect({ path, ...(await geometry()) }).toEqual({ path, ...onDocuments });
  }
});

test("a busy server's 503 with Retry-After reads as such and the page tries again by itself", async ({ page }) => {
  await signIn(page, "admin", null);
  let calls = 0;
  await page.route("**/api/admin/settings/statuses", async (route) => {
    if (route.request().method() !== "GET") return route.fallback();
    calls += 1;
    if (calls === 1)
      return route.fulfill({
        status: 503,
        headers: { "retry-after": "3", "content-type": "application/json" },
        body: JSON.stringify({ status: "error", message: "Service temporarily unavailable, try again later" }),
      });
    return route.fallback();
  });
  await page.goto("/settings/statuses");
  const notice = page.getByTestId("busy-server-notice");
  await expect(notice).toHaveText(/^Servidor ocupado, tentando de novo em [123] s$/);
  await expect(page.getByRole("status").filter({ has: notice })).toBeAttached();
  // The retry happens after the server's 3 s, not before, and the list arrives without a click.
  await expect(page.getByRole("main").getByText("Em análise", { exact: true }).first()).toBeVisible({
    timeout: 10_000,
  });
  expect(calls).toBe(2);
  await expect(notice).toHaveCount(0);
  await expect(page.getByText("Erro inesperado no servidor")).toHaveCount(0);
});

test("after a confirmed status change the focus stays in the workflow card, not on <body>", async ({ page }) => {
  await signIn(page, "admin", null);
  const created = await newDocument(page, {
    cpf: "318.604.572-07",
    name: "Teodoro Foco",
    email: "teodoro.foco@example.com",
  });
  await page.goto(`/documents/${created.id}`);
  const workflow = page.locator("section", { has: page.getByRole("heading", { name: "Andamento", exact: true }) });

  // Cancelled with Escape: back on the button that opened it.
  await workflow.getByLabel("Novo status").selectOption({ label: "Aguardando documentos" });
  const change = workflow.getByRole("button", { name: "Alterar status" });
  await change.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(change).toBeFocused();

  // Confirmed: the button is disabled once its choice is cleared, so the focus goes to the status choice beside it.
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Confirmar" }).click();
  await expect(dialog).toBeHidden();
  await expect(workflow.getByText("Alteração salva.")).toBeVisible();
  await expect(workflow.getByLabel("Novo status")).toBeFocused();
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(false);
});

test("a long sent message scrolls by keyboard and the history names people, not e-mails", async ({ page }) => {
  await signIn(page, "admin", null);
  const created = await newDocument(page, {
    cpf: "963.741.258-19",
    name: "Rosa Rolagem",
    email: "rosa.rolagem@example.com",
  });
  const long = Array.from({ length: 40 }, (_, line) => `Linha ${line + 1} do recado ao cliente.`).join("\n");
  await api(page, `documents/${created.id}/observations`, { text: long, visibility: "customer", send_email: true });
  await page.goto(`/documents/${created.id}`);

  const box = page.getByRole("region", { name: /^Texto enviado: / });
  await expect(box).toContainText("Linha 40 do recado ao cliente.");
  expect(await box.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
  await box.focus();
  await expect(box).toBeFocused();
  await page.keyboard.press("PageDown");
  await expect.poll(() => box.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);

  const history = page.locator("section", { has: page.getByRole("heading", { name: "Histórico", exact: true }) });
  await expect(history.locator('li[data-action="create"]')).toContainText("por Ana Admin");
  await expect(history).not.toContainText("admin@e2e.test");
});
