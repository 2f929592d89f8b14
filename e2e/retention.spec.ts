import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations, signIn } from "./support/fixtures.ts";
import { E2E_RETENTION } from "./support/seed-retention.ts";

test("an admin activates a retention rule after its preview; the run anonymises the old cases, marked on their page", async ({
  page,
}) => {
  await signIn(page, "admin", "/settings");
  await page
    .getByRole("link", { name: /Descarte programado/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/settings\/retention$/);
  await expect(page.getByRole("heading", { name: "Descarte programado de dados" })).toBeVisible();

  // A new rule: the seeded product, finished category, one year, anonymise. It is created inactive.
  await page.getByLabel("Produto").selectOption({ label: E2E_RETENTION.product });
  await page.getByLabel("Categoria do status").selectOption({ label: "Finalizados" });
  await page.getByLabel("Dias na categoria").fill("365");
  await page.getByLabel("Ação").selectOption("anonymise");
  await page.getByRole("button", { name: "Criar regra (inativa)" }).click();

  const rules = page.getByRole("table", { name: "Regras de descarte" });
  const row = rules.getByRole("row").filter({ hasText: E2E_RETENTION.product });
  await expect(row).toContainText("Inativa");

  // The preview opens: counts per product and status and the cutoff, no personal data.
  const preview = page.getByRole("region", { name: "Pré-visualização da regra" });
  await expect(preview.getByTestId("retention-preview-total")).toHaveText("3 documentos seriam tratados agora.");
  await expect(preview).toContainText("Data de corte");
  await expect(preview.getByRole("table", { name: "Documentos por produto e status" })).toContainText("Concluído");
  await expect(preview).not.toContainText("Cliente Antigo");
  await expectNoSeriousA11yViolations(page);

  // Activation names the count.
  await preview.getByRole("button", { name: "Ativar regra…" }).click();
  const dialog = page.getByRole("dialog", { name: "Ativar a regra de descarte?" });
  await expect(dialog).toContainText("Vai anonimizar 3 documentos");
  await dialog.getByRole("button", { name: "Anonimizar 3 documentos" }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText("Ativa");
  await expect(row).toContainText("Nunca executada");

  // Run it now: the in-app worker takes it at its next poll; the row reports the run.
  await row.getByRole("button", { name: "Executar agora" }).click();
  await expect(async () => {
    await page.reload();
    await expect(row).toContainText("3 documentos em", { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });

  // The anonymised case is still found by its protocol (the staff find box's API), and its page says so.
  const found = await page.request.post("/api/documents/find", {
    headers: { origin: new URL(page.url()).origin },
    data: { q: E2E_RETENTION.old[0] },
  });
  expect(found.status()).toBe(200);
  const items = ((await found.json()) as { items: { id: number; protocol: string }[] }).items;
  const hit = items.find((item) => item.protocol === E2E_RETENTION.old[0]);
  expect(hit).toBeDefined();
  await page.goto(`/documents/${hit!.id}`);
  await expect(page.getByTestId("document-anonymised")).toContainText("Documento anonimizado");
  await expect(page.getByText(E2E_RETENTION.old[0]).first()).toBeVisible();
  await expect(page.locator("main")).not.toContainText("Cliente Antigo 1");
});
