import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations, screenshotBothSizes, signIn } from "./support/fixtures.ts";

test("an integrator browses the API reference generated from the route schemas", async ({ page }) => {
  await signIn(page, "viewer");
  await page.getByRole("link", { name: "Referência da API" }).click();
  await expect(page.getByRole("heading", { name: "Referência da API" })).toBeVisible();

  const create = page.locator("details", { hasText: "/api/document/create" }).first();
  await create.locator("summary").first().click();
  const table = create.getByRole("table", { name: "Corpo da requisição" });
  await expect(table.getByRole("row", { name: /status_id .* sim/ })).toBeVisible();
  await expect(table.getByRole("row", { name: /filled_columns .* não/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshotBothSizes(page, "api-reference");

  const spec = await page.request.get("/api/openapi.json");
  expect(spec.status()).toBe(200);
  const body = await spec.json();
  expect(body.openapi).toBe("3.1.0");
  expect(body.paths["/document/create"].post.requestBody.content["application/json"].schema.required).toContain("cpf");
});
