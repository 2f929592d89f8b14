// Every error the server answers is shown in Portuguese from its code and
// params (lib/api-client/error-text.ts), never as the API's English `message`. Each test provokes a real refusal.
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, screenshotBothSizes, signIn } from "./support/fixtures.ts";

/** Text of the English messages these refusals carry in the API's body (what the page used to show). */
const ENGLISH = /Invalid parameters|Expected a number|Token already revoked|Must not be before|created_from must not/;

async function expectNoEnglish(page: Page) {
  await expect(page.locator("main")).not.toContainText(ENGLISH);
}

test("settings: a lost connection and a field the server refuses are explained in Portuguese", async ({ page }) => {
  await signIn(page, "admin", "/settings/statuses");
  await page.getByRole("button", { name: "Novo status" }).click();
  const dialog = page.getByRole("dialog", { name: "Novo status" });
  await dialog.getByLabel("Nome", { exact: true }).fill("SLA negativo");

  // The connection drops on save: the browser's own English ("Failed to fetch") is not shown.
  await page.route("**/api/admin/settings/statuses", (route) => route.abort("internetdisconnected"));
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Sem conexão com o servidor. Verifique a rede e tente de novo.");
  await expect(dialog).not.toContainText(/Failed to fetch|NetworkError/);
  await page.unroute("**/api/admin/settings/statuses");

  // Back online, the browser lets a negative number through (the form does not validate natively); the server
  // refuses it with a field error whose code becomes the sentence under the field.
  await dialog.getByLabel("SLA do status (horas corridas)").fill("-5");
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Corrija os campos indicados abaixo.");
  await expect(dialog.getByText("Informe um valor a partir de 0.")).toBeVisible();
  await expect(dialog.getByLabel("SLA do status (horas corridas)")).toHaveAttribute("aria-invalid", "true");
  await expect(dialog).not.toContainText(ENGLISH);
  await expectNoSeriousA11yViolations(page);
  await screenshotBothSizes(page, "error-text-settings");
});

test("APIs: revoking a token someone else already revoked says so in Portuguese", async ({ page }) => {
  await signIn(page, "admin", "/apis/tokens");
  await page.getByLabel("Nome", { exact: true }).fill("Revogado em outra aba");
  await page.getByRole("button", { name: "Criar token" }).click();
  await expect(page.getByRole("textbox", { name: "Novo token da API" })).toBeVisible();
  await page.getByRole("button", { name: "Já copiei, ocultar" }).click();

  const table = page.getByRole("region", { name: "Tokens da API de documentos" });
  await table.getByRole("button", { name: "Revogar o token Revogado em outra aba" }).click();
  const dialog = page.getByRole("dialog", { name: "Revogar o token “Revogado em outra aba”?" });
  // Meanwhile another admin revokes it (same API, same session).
  const origin = new URL(page.url()).origin;
  const listed = (await (await page.request.get("/api/admin/tokens")).json()) as {
    items: Array<{ id: number; name: string }>;
  };
  const id = listed.items.find((token) => token.name === "Revogado em outra aba")!.id;
  const elsewhere = await page.request.post(`/api/admin/tokens/${id}/revoke`, {
    data: {},
    headers: { Origin: origin },
  });
  expect(elsewhere.status()).toBe(200);

  await dialog.getByRole("button", { name: "Sim, revogar" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Este token já foi revogado.");
  await expect(dialog).not.toContainText(ENGLISH);
  await expectNoSeriousA11yViolations(page);
  await screenshotBothSizes(page, "error-text-apis");
});

test("LGPD: a period the server refuses is marked on its field, in Portuguese", async ({ page }) => {
  await signIn(page, "admin", "/lgpd");
  const filters = page.getByRole("search", { name: "Filtrar solicitações" });
  await filters.getByLabel("Solicitada a partir de").fill("2026-05-10");
  await filters.getByLabel("Solicitada até").fill("2026-05-01");
  await filters.getByRole("button", { name: "Filtrar" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Algo deu errado" })).toHaveText(
    "Algo deu errado: Alguns campos estão inválidos.",
  );
  await expect(filters.getByText("A data final não pode ser anterior à inicial.")).toBeVisible();
  await expect(filters.getByLabel("Solicitada até")).toHaveAttribute("aria-invalid", "true");
  await expectNoEnglish(page);
  await expectNoSeriousA11yViolations(page);
  await screenshotBothSizes(page, "error-text-lgpd");
});

test("dashboard: a query the server refuses is reported in Portuguese", async ({ page }) => {
  await signIn(page, "viewer");
  // The form never sends a reversed period; a page left open across a deploy might. The request goes to the real
  // server with the period reversed, and the server's own 400 comes back.
  await page.route("**/api/dashboard", async (route) => {
    const body = route.request().postDataJSON() as Record<string, unknown>;
    await route.continue({
      postData: JSON.stringify({ ...body, created_from: "2026-05-10", created_to: "2026-05-01" }),
    });
  });
  await page.goto("/dashboard");
  await expect(page.getByRole("alert").filter({ hasText: "Algo deu errado" })).toHaveText(
    "Algo deu errado: Alguns campos estão inválidos.",
  );
  await expectNoEnglish(page);
  await expectNoSeriousA11yViolations(page);
  await screenshotBothSizes(page, "error-text-dashboard");
});
