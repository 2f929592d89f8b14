import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./support/fixtures.ts";

// An admin marks a status final in Settings → Status, and the document page then offers no status
// change and says why; the product's SLA is labelled as service hours with what it means in calendar days.
async function apiPost(page: Page, route: string, data: unknown) {
  const origin = new URL(page.url()).origin;
  const response = await page.request.post(`/api/${route}`, { data, headers: { Origin: origin } });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as any;
}

test("a status marked final stops documents from moving, and the document page says so", async ({ page }) => {
  await signIn(page, "admin", "/settings/statuses");
  await page.getByRole("button", { name: "Novo status" }).click();
  const dialog = page.getByRole("dialog", { name: "Novo status" });
  await dialog.getByLabel("Nome", { exact: true }).fill("Arquivado final");
  await dialog.getByLabel("Categoria").selectOption({ index: 1 });
  await expect(dialog.getByLabel("SLA do status (horas corridas)")).toBeVisible();
  await dialog.getByRole("checkbox", { name: /^Status final/ }).check();
  await expect(
    dialog.getByText("sem transições marcadas, o documento não muda mais de status", { exact: false }),
  ).toBeVisible();
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(dialog).toBeHidden();

  const statuses = (await (await page.request.get("/api/admin/settings/statuses")).json()) as Array<{
    id: number;
    name: string;
    final: boolean;
  }>;
  const archived = statuses.find((status) => status.name === "Arquivado final")!;
  expect(archived.final).toBe(true);
  const products = (await (await page.request.get("/api/admin/settings/products")).json()) as Array<{ id: number }>;
  const created = await apiPost(page, "document/create", {
    status_id: archived.id,
    product_id: products[0]!.id,
    cpf: "111.444.777-35",
  });

  await page.goto(`/documents/${created.id}`);
  await expect(page.getByTestId("workflow-no-targets")).toHaveText(
    "“Arquivado final” é um status final: o documento não muda mais de status (um administrador pode liberar transições em Configurações → Status).",
  );
  await expect(page.getByRole("button", { name: "Alterar status" })).toHaveCount(0);
});

test("the product's SLA is labelled service hours, with its calendar equivalent", async ({ page }) => {
  await signIn(page, "admin");
  const products = (await (await page.request.get("/api/admin/settings/products")).json()) as Array<{ id: number }>;
  await page.goto(`/settings/products/${products[0]!.id}`);
  const sla = page.getByLabel("SLA padrão (horas de atendimento)");
  await sla.fill("72");
  const equivalent = page.getByTestId("sla-equivalent");
  await expect(equivalent).toContainText("72 h = 3 dias corridos numa modalidade sem expediente definido");
  await expect(page.getByText("noites, fins de semana e feriados não contam", { exact: false })).toBeVisible();
});

test("a product's steps list their statuses, and the document page shows the product's own step", async ({ page }) => {
  await signIn(page, "admin", "/settings/products");
  const product = await apiPost(page, "admin/settings/products", { name: "Consórcio e2e", sla: 48 });
  const step = await apiPost(page, `admin/settings/products/${product.id}/steps`, { name: "Conferência" });
  const statuses = (await (await page.request.get("/api/admin/settings/statuses")).json()) as Array<{
    id: number;
    name: string;
  }>;
  const inAnalysis = statuses.find((status) => status.name === "Em análise")!;
  const created = await apiPost(page, "document/create", {
    status_id: inAnalysis.id,
    product_id: product.id,
    cpf: "111.444.777-35",
  });
  // Before the map: "Em análise" belongs to another product's step, which this product's page must not show.
  await page.goto(`/documents/${created.id}`);
  await expect(
    page
      .getByRole("term")
      .filter({ hasText: /^Etapa$/ })
      .locator("xpath=following-sibling::dd[1]"),
  ).toHaveText("—");

  await page.goto(`/settings/products/${product.id}`);
  await page.getByRole("button", { name: "Editar Conferência" }).click();
  const dialog = page.getByRole("dialog", { name: "Editar etapa" });
  await dialog.getByRole("checkbox", { name: /^Em análise/ }).check();
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("step-statuses").first()).toHaveText("Em análise");
  expect(step.id).toBeGreaterThan(0);

  await page.goto(`/documents/${created.id}`);
  await expect(
    page
      .getByRole("term")
      .filter({ hasText: /^Etapa$/ })
      .locator("xpath=following-sibling::dd[1]"),
  ).toHaveText("Conferência");
});
