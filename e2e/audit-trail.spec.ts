import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations, signIn } from "./support/fixtures.ts";
import { officerWithSubjectDocument, subjectCpf } from "./support/lgpd-officer.ts";

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
  // Who and which event are picked from lists, in words — no codes to type.
  await filters.getByLabel("Quem").selectOption({ label: "Ana Admin (admin@e2e.test)" });
  await filters.getByLabel("Tipo de evento").selectOption({ label: "Usuário criado" });
  await filters.getByRole("button", { name: "Filtrar" }).click();
  // The filters are in the URL: a reload or a shared link keeps them.
  await expect(page).toHaveURL(/actor=admin(%40|@)e2e\.test/);
  await expect(page).toHaveURL(/action=user\.create/);

  const table = page.getByRole("region", { name: "Registros de auditoria" });
  // Each row is a sentence, not a code.
  const row = table.getByRole("row").filter({ hasText: `Ana Admin criou o usuário nº ${userId}` });
  await expect(row).toHaveCount(1);
  await expect(table).not.toContainText("user.create");
  await page.reload();
  await expect(filters.getByLabel("Tipo de evento")).toHaveValue("user.create");
  await expect(row).toHaveCount(1);
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
  // A Brazilian spreadsheet's CSV: BOM, `;`, Portuguese headers, the sentence beside the code.
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  const lines = csv.slice(1).trim().split("\r\n");
  expect(lines[0]).toBe(
    "Nº do registro de auditoria;Data e hora (São Paulo);Quem;Tipo de evento;O que aconteceu;Protocolo;Registro;Motivo;Código do evento;Detalhes",
  );
  expect(lines.length).toBeGreaterThanOrEqual(2);
  expect(lines.find((line) => line.includes(`Ana Admin criou o usuário nº ${userId}`))).toContain(";Usuário criado;");
  expect(csv).not.toContain(email);

  // The reveal and the export are rows of the trail themselves, in words too.
  await filters.getByLabel("Tipo de evento").selectOption({ label: "Exportação da auditoria" });
  await filters.getByRole("button", { name: "Filtrar" }).click();
  await expect(table.getByRole("row").filter({ hasText: "Ana Admin exportou a trilha de auditoria" })).not.toHaveCount(
    0,
  );

  // A CPF searched for is hashed on the server and never lands in the address.
  await filters.getByLabel("Tipo de evento").selectOption({ label: "Todos" });
  await filters.getByLabel("Protocolo ou CPF").fill("258.369.147-37");
  await filters.getByRole("button", { name: "Filtrar" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Nenhum registro." })).toBeVisible();
  expect(page.url()).not.toMatch(/258|369|147/);
});

test("one deliberate look-up of a person is one audit row, however often the page refreshes it", async ({
  page,
  baseURL,
}) => {
  const cpf = subjectCpf(147_852_369);
  const { asAdmin } = await officerWithSubjectDocument(page, baseURL, {
    cpf,
    name: "Titular Consultado",
    source: "e2e",
  });
  await page.goto("/lgpd/titular");
  const search = page.getByRole("search", { name: "Consultar titular" });
  await search.getByLabel("CPF do titular").fill(cpf);
  await search.getByRole("button", { name: "Consultar" }).click();
  // Generating a package refreshes the look-up at once and then polls it while the package is pending.
  await page.getByRole("button", { name: "Gerar pacote de acesso" }).click();
  const accessTable = page.getByRole("region", { name: "Pedidos de acesso" });
  await expect(accessTable.getByRole("link", { name: /Baixar pacote nº \d+/ })).toBeVisible({ timeout: 30_000 });
  // Refreshes also come from the window regaining focus.
  await page.evaluate(() => window.dispatchEvent(new Event("focus")));
  await page.waitForTimeout(1_000);

  const trail = await page.request.post("/api/admin/audit/search", {
    ...asAdmin,
    data: { action: "lgpd_subject.lookup", subject: cpf },
  });
  expect(trail.status()).toBe(200);
  const { items } = (await trail.json()) as { items: Array<{ actor_name: string }> };
  expect(items).toHaveLength(1);
  expect(items[0]!.actor_name).toBe("Ana Admin");
});
