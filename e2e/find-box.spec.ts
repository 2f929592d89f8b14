import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, signIn } from "./support/fixtures.ts";
import { E2E_DOCUMENTS } from "./support/seed-documents.ts";

// The header's find box on every staff page. Finds a document by protocol (with and without its
// hyphen), by part of a name (without accents), by a plate and by the first six digits of a CPF, and says what
// matched. Run on PGlite and on PostgreSQL (E2E_DATABASE_URL).

const UNIQUE = `${Date.now()}`.slice(-6);
const CUSTOMER = {
  cpf: "853.513.468-93",
  name: `Conceição Araújo Tâmara ${UNIQUE}`,
  email: `tamara.${UNIQUE}@exemplo.com.br`,
  placa: `FND${UNIQUE.slice(-4)}`,
};

async function createDocument(page: Page): Promise<{ id: number; protocol: string }> {
  const origin = new URL(page.url()).origin;
  const options = (await (
    await page.request.post("/api/documents/filter-options", { data: {}, headers: { origin } })
  ).json()) as { products: { id: number; name: string }[]; statuses: { id: number; name: string }[] };
  const response = await page.request.post("/api/document/create", {
    headers: { origin },
    data: {
      status_id: options.statuses.find((status) => status.name === "Novo")!.id,
      product_id: options.products.find((product) => product.name === "Seguro Auto")!.id,
      cpf: CUSTOMER.cpf,
      name: CUSTOMER.name,
      email: CUSTOMER.email,
      filled_columns: { placa: CUSTOMER.placa },
    },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as { id: number; protocol: string };
}

const box = (page: Page) => page.getByRole("combobox", { name: "Buscar documentos" });
const results = (page: Page) => page.getByRole("listbox", { name: "Resultados da busca" });

test("find a document by protocol, part of a name, a plate and the first six digits of a CPF", async ({ page }) => {
  await signIn(page, "staff");
  const created = await createDocument(page);
  expect(created.protocol).toMatch(/^\d{8}-\d{6}$/);

  // From another page, "/" reaches the box; a protocol without its hyphen opens the document on Enter.
  await page.goto("/dashboard");
  // "/" is heard by a listener the page adds once it runs in the browser (hydrated), which the load event does not
  // wait for: the dashboard's total, drawn from its first answer, shows that it does.
  await expect(page.getByTestId("dashboard-total")).toHaveText(/documentos?/);
  await page.locator("h1").first().click();
  await page.keyboard.press("/");
  await expect(box(page)).toBeFocused();
  await box(page).fill(created.protocol.replace("-", ""));
  await box(page).press("Enter");
  await expect(page).toHaveURL(new RegExp(`/documents/${created.id}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Protocolo ${created.protocol}`);
  await expect(box(page)).toHaveValue("");

  // Ctrl+K reaches it too; with spaces instead of the hyphen the result says it matched the protocol.
  await page.keyboard.press("Control+k");
  await expect(box(page)).toBeFocused();
  await box(page).fill(created.protocol.replace("-", " "));
  const protocolOption = results(page).getByRole("option").first();
  await expect(protocolOption).toContainText(created.protocol);
  await expect(protocolOption).toContainText(`Protocolo: ${created.protocol}`);

  // Part of a name, without accents and in another case.
  await box(page).fill(`tamara ${UNIQUE}`);
  await expect(results(page).getByRole("option")).toHaveCount(1);
  await expect(results(page).getByRole("option")).toContainText(`Nome: ${CUSTOMER.name}`);

  // A plate.
  await box(page).fill(CUSTOMER.placa.toLowerCase());
  await expect(results(page).getByRole("option")).toHaveCount(1);
  await expect(results(page).getByRole("option")).toContainText(`Campo placa: ${CUSTOMER.placa}`);
  await expectNoSeriousA11yViolations(page);

  // The first six digits of a CPF (staff see CPFs masked: a masked CPF is found only whole) — as an admin whose
  // policy shows CPFs it is a prefix search; here staff find the whole CPF, masked in the answer.
  await box(page).fill(CUSTOMER.cpf);
  const cpfOption = results(page).getByRole("option", { name: new RegExp(created.protocol) });
  await expect(cpfOption).toContainText("CPF/CNPJ: ***.513.468-**");
  await box(page).fill("853513");
  await expect(results(page).getByRole("option", { name: new RegExp(created.protocol) })).toHaveCount(0);

  // Arrows and Enter open a result.
  await page.goto("/documents");
  await box(page).fill(CUSTOMER.placa);
  await expect(results(page).getByRole("option")).toHaveCount(1);
  await box(page).press("ArrowDown");
  await expect(results(page).getByRole("option").first()).toHaveAttribute("aria-selected", "true");
  await expect(box(page)).toHaveAttribute("aria-activedescendant", /.+/);
  await box(page).press("Enter");
  await expect(page).toHaveURL(new RegExp(`/documents/${created.id}$`));
});

test("an admin whose policy shows CPFs finds by their first six digits, with or without punctuation", async ({
  page,
}) => {
  await signIn(page, "admin");
  const origin = new URL(page.url()).origin;
  // Show CPFs to admins (the settings' masking policy), then put the default back.
  const policy = await page.request.get("/api/admin/settings/masking-policy", { headers: { origin } });
  expect(policy.ok()).toBe(true);
  const original = (await policy.json()) as Record<string, string[]>;
  const put = await page.request.post("/api/admin/settings/masking-policy", {
    headers: { origin },
    data: { ...original, admin: original.admin!.filter((field) => field !== "cpf") },
  });
  expect(put.ok()).toBe(true);
  try {
    const maria = E2E_DOCUMENTS.mariaNew;
    for (const prefix of [maria.cpf.replace(/\D/g, "").slice(0, 6), maria.cpf.slice(0, 7)]) {
      await box(page).fill(prefix);
      const option = results(page).getByRole("option", { name: new RegExp(maria.protocol) });
      await expect(option).toContainText(`CPF/CNPJ: ${maria.cpf}`);
    }
    for (const other of [E2E_DOCUMENTS.mariaAnalysisLate, E2E_DOCUMENTS.mariaDone, E2E_DOCUMENTS.mariaWaiting]) {
      await expect(results(page).getByRole("option", { name: new RegExp(other.protocol) })).toBeVisible();
    }
  } finally {
    await page.request.post("/api/admin/settings/masking-policy", { headers: { origin }, data: original });
  }
});

test("short text is explained; nothing found says so", async ({ page }) => {
  await signIn(page, "viewer");
  await box(page).fill("ab");
  await expect(page.getByText("Digite ao menos 3 letras")).toBeVisible();
  await box(page).fill("nenhum-documento-assim");
  await expect(page.getByText("Nenhum documento encontrado.")).toBeVisible();
  await box(page).press("Escape");
  await expect(results(page)).toBeHidden();
});
