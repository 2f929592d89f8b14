import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations, signIn } from "./support/fixtures.ts";

test("the officer filters the audit trail, reveals a masked value (audited) and exports the filtered set", async ({
  page,
  baseURL,
}) => {
  await signIn(page, "admin");
  const asAdmin = { headers: { origin: new URL(baseURL!).origin } };
  // An audited change holding personal data: a user created with an e-mail and a name.
  const email = `auditoria.${Date.now()}@empresa.com`;
  const created = await page.request.post("/api/admin/settings/users", {
    ...asAdmin,
    data: { email, name: "Beatriz Auditada", role: "viewer" },
  });
  expect(created.status()).toBe(201);
  const userId = String(((await created.json()) as { id: number }).id);

  await page.goto("/lgpd");
  await page.getByRole("link", { name: "Trilha de auditoria" }).click();
  await expect(page).toHaveURL(/\/audit$/);
  const filters = page.getByRole("search", { name: "Filtrar auditoria" });
  await filters.getByLabel("Item", { exact: true }).selectOption("user");
  await filters.getByLabel("Nº do item").fill(userId);
  await filters.getByLabel("Ação").fill("user.create");
  await filters.getByRole("button", { name: "Filtrar" }).click();

  const table = page.getByRole("region", { name: "Registros de auditoria" });
  const row = table.getByRole("row").filter({ hasText: "user.create" });
  await expect(row).toHaveCount(1);
  await expect(page.getByRole("status").filter({ hasText: "1 registro" })).toBeVisible();
  await expect(row).not.toContainText(email);
  await expect(row).toContainText("B****** A*******");
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: "Mostrar dados pessoais" }).click();
  await expect(row).toContainText(email);
  await expect(page.getByText("esta consulta foi registrada na auditoria")).toBeVisible();
  await page.getByRole("button", { name: "Mascarar dados pessoais" }).click();
  await expect(row).not.toContainText(email);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Exportar CSV" }).click(),
  ]);
  const csv = await readFile((await download.path())!, "utf8");
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  const lines = csv.trim().split("\r\n");
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain("user.create");
  expect(csv).not.toContain(email);
  await expect(page.getByRole("status").filter({ hasText: "1 registro exportado" })).toBeVisible();

  // The reveal and the export are rows of the trail themselves.
  await filters.getByLabel("Item", { exact: true }).selectOption("audit");
  await filters.getByLabel("Nº do item").fill("");
  await filters.getByLabel("Ação").fill("audit.");
  await filters.getByRole("button", { name: "Filtrar" }).click();
  await expect(table.getByRole("row").filter({ hasText: "audit.reveal" })).toHaveCount(1);
  await expect(table.getByRole("row").filter({ hasText: "audit.export" })).toHaveCount(1);
});
