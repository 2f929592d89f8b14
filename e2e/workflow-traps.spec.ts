import { expect, test, type Page } from "@playwright/test";
import { keepScreenshot, signIn } from "./support/fixtures.ts";

// Workflow settings without traps: the seeded Concluído and Cancelado are final and shown so, the products' SLA is
// named as service hours with the modalities' calendars beside it, and a delete button that cannot act looks it.

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

const statusRow = (page: Page, name: string) =>
  page
    .getByRole("region", { name: "Status" })
    .locator("tbody tr")
    // The name cell (the second; the first is the order), not a "Pode ir para" cell naming the same status.
    .filter({ has: page.locator("td:nth-child(2)").getByText(name, { exact: true }) });

test("the seeded Concluído and Cancelado are final, and the status list says so", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, "admin", "/settings/statuses");
  for (const name of ["Concluído", "Cancelado"]) {
    const row = statusRow(page, name);
    await expect(row.getByTestId("status-final")).toHaveText("final");
    await expect(row).toContainText("Nenhum (status final)");
    await expect(row).not.toContainText("Qualquer status");
  }
  await expect(statusRow(page, "Novo").getByTestId("status-final")).toHaveCount(0);
  await keepScreenshot(page, { path: "e2e/screenshots/workflow-final-1440.png", fullPage: true });
  await page.setViewportSize(PHONE);
  await expect(statusRow(page, "Concluído")).toContainText("Nenhum (status final)");
  await keepScreenshot(page, { path: "e2e/screenshots/workflow-final-390.png", fullPage: true });
});

test("SLA hours are named for what they are, and the service calendars are shown", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, "admin", "/settings/products");
  const products = page.getByRole("region", { name: "Produtos" });
  await expect(products.getByRole("columnheader", { name: "SLA padrão" })).toBeVisible();
  await expect(products.locator("tbody tr").filter({ hasText: "Seguro Auto" })).toContainText("72 h de atendimento");
  const calendars = page.getByTestId("service-calendars");
  await expect(calendars).toContainText("Horário comercial: Seg–Sex 09:00–18:00");
  await expect(calendars).toContainText("24x7: horas corridas");
  await keepScreenshot(page, { path: "e2e/screenshots/workflow-sla-1440.png", fullPage: true });
  await page.goto("/settings/statuses");
  // A status's own SLA is plain clock hours (the spec's sla_end_status), and its cells say so.
  await expect(statusRow(page, "Em análise")).toContainText("24 h corridas");
  await page.setViewportSize(PHONE);
  await page.goto("/settings/products");
  await expect(page.getByTestId("service-calendars")).toBeVisible();
  await keepScreenshot(page, { path: "e2e/screenshots/workflow-sla-390.png", fullPage: true });
});

test("a delete button that cannot act looks disabled (not a live red)", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, "admin", "/settings/categories");
  // "Acesso" holds the status "Novo": it cannot be deleted.
  const refused = page.getByRole("button", { name: "Excluir Acesso" });
  await expect(refused).toBeDisabled();
  const colour = await refused.evaluate((node) => getComputedStyle(node).color);
  // Red-800 is read back as lab(33.7 55.9 41.0): red is a large positive `a`; the disabled grey is near 0.
  const [, a] = /lab\([\d.]+%? (-?[\d.]+) (-?[\d.]+)/.exec(colour) ?? [];
  expect(Number(a), `colour ${colour}`).toBeLessThan(10);
  await keepScreenshot(page, { path: "e2e/screenshots/workflow-disabled-delete-1440.png" });
});

test("a status with documents is deleted by moving them: “Mover os N documentos para … e excluir”", async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, "admin", "/settings/statuses");
  const origin = new URL(page.url()).origin;
  const post = async (path: string, data: unknown) => {
    const response = await page.request.post(path, { data, headers: { origin } });
    expect(response.status(), await response.text()).toBeLessThan(300);
    return (await response.json()) as { id: number };
  };
  const categories = (await (await page.request.get("/api/admin/settings/categories")).json()) as Array<{
    id: number;
    key: string;
  }>;
  const status = await post("/api/admin/settings/statuses", {
    name: "Revisão temporária",
    category_id: categories.find((category) => category.key === "valid")!.id,
  });
  const products = (await (await page.request.get("/api/admin/settings/products")).json()) as Array<{ id: number }>;
  const documents = [
    await post("/api/document/create", { status_id: status.id, product_id: products[0]!.id, cpf: "111.444.777-35" }),
    await post("/api/document/create", { status_id: status.id, product_id: products[0]!.id, cpf: "529.982.247-25" }),
  ];
  await page.reload();
  const row = statusRow(page, "Revisão temporária");
  await row.getByRole("button", { name: "Excluir Revisão temporária" }).click();
  const dialog = page.getByRole("dialog", { name: "Excluir “Revisão temporária”?" });
  await expect(dialog).toContainText("2 documentos estão em “Revisão temporária”");
  await dialog.getByLabel("Mover para").selectOption({ label: "Em análise" });
  await keepScreenshot(page, { path: "e2e/screenshots/workflow-move-delete-1440.png" });
  await dialog.getByRole("button", { name: "Mover os 2 documentos para “Em análise” e excluir" }).click();
  await expect(dialog).toBeHidden();
  await expect(statusRow(page, "Revisão temporária")).toHaveCount(0);
  for (const document of documents) {
    const view = (await (
      await page.request.post("/api/document/loadById", {
        data: { id: document.id },
        headers: { origin },
      })
    ).json()) as { status_id: number };
    const statuses = (await (await page.request.get("/api/admin/settings/statuses")).json()) as Array<{
      id: number;
      name: string;
    }>;
    expect(view.status_id).toBe(statuses.find((candidate) => candidate.name === "Em análise")!.id);
  }
});
