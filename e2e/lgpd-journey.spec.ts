import { expect, test } from "@playwright/test";
import { maskCpf } from "../lib/identifiers/identifiers.ts";
import { expectNoSeriousA11yViolations, screenshotBothSizes, signIn } from "./support/fixtures.ts";

// A CPF no seed uses, so this journey's counts are its own.
const CPF = "741.852.963-55";

test("a deletion request goes from pending to done on the LGPD page, and its receipt survives the erasure", async ({
  page,
  baseURL,
}) => {
  await signIn(page, "admin");
  const origin = new URL(baseURL!).origin;
  const asAdmin = { headers: { origin } };

  // A document of that CPF (written without punctuation) with an observation: what the request must erase.
  const created = await page.request.post("/api/document/create", {
    ...asAdmin,
    data: { status_id: 1, product_id: 1, cpf: CPF.replace(/\D/g, ""), name: "Titular LGPD", source: "e2e" },
  });
  expect(created.status()).toBe(200);
  const documentId = (await created.json()).id as number;
  const observed = await page.request.post(`/api/documents/${documentId}/observations`, {
    ...asAdmin,
    data: { text: "Cliente pediu exclusão", visibility: "internal" },
  });
  expect(observed.status()).toBe(200);

  // The privacy portal's call, with the key an admin generates in APIs → LGPD.
  const rotated = await page.request.post("/api/admin/lgpd-key/rotate", { ...asAdmin, data: {} });
  const { key } = (await rotated.json()) as { key: string };
  const requested = await page.request.post("/api/lgpd/default/request", {
    headers: { "x-api-key": key },
    data: { cpf: CPF },
  });
  expect(await requested.json()).toEqual({
    status: "pending",
    message: "Request received. Please use the status method to check progress",
  });

  // The in-app processor picks it up within LGPD_POLL_SECONDS; the page shows it done with the counts.
  await page.goto("/lgpd");
  const filters = page.getByRole("search", { name: "Filtrar solicitações" });
  await filters.getByLabel("CPF do titular").fill(CPF);
  await filters.getByRole("button", { name: "Filtrar" }).click();
  const row = page
    .getByRole("region", { name: "Solicitações de exclusão" })
    .getByRole("row")
    .filter({ hasText: maskCpf(CPF) });
  await expect(async () => {
    await page.reload();
    await expect(row).toContainText("Concluída", { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(row).toContainText("1 documento, 1 observação, 0 anexos");
  await expect(page.locator("body")).not.toContainText(CPF);
  await expectNoSeriousA11yViolations(page);

  const gone = await page.request.post("/api/document/loadById", { ...asAdmin, data: { id: documentId } });
  expect(gone.status()).toBe(404);
  const status = await page.request.get(`/api/lgpd/default/status/${CPF.replace(/\D/g, "")}`, {
    headers: { "x-api-key": key },
  });
  expect(await status.json()).toMatchObject({
    message: "Request found",
    status: "done",
    details: { deleted: { documents: 1, observations: 1, attachments: 0 } },
  });

  const id = (await row.getByRole("rowheader").innerText()).trim();
  await row.getByRole("link", { name: `Comprovante da solicitação nº ${id}` }).click();
  const receipt = page.getByRole("article", { name: "Comprovante de exclusão de dados (LGPD)" });
  await expect(receipt).toContainText(maskCpf(CPF));
  await expect(receipt.getByRole("table").getByRole("row", { name: "Documentos 1" })).toBeVisible();
  await expect(receipt.getByRole("table").getByRole("row", { name: "Observações 1" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshotBothSizes(page, "lgpd-journey-receipt");
});
