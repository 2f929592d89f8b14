import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, screenshotBothSizes, signIn, SIZES } from "./support/fixtures.ts";

const HOUR = 3_600_000;

/** Calls our API with the signed-in admin's session, as the staff pages do (Origin of our own host). */
async function apiPost(page: Page, route: string, data: unknown) {
  const origin = new URL(page.url()).origin;
  const response = await page.request.post(`/api/${route}`, { data, headers: { Origin: origin } });
  return { status: response.status(), body: (await response.json()) as any };
}

async function apiGet(page: Page, route: string) {
  const response = await page.request.get(`/api/${route}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as any;
}

async function catalog(page: Page) {
  const statuses = (await apiGet(page, "admin/settings/statuses")) as Array<{ id: number; name: string }>;
  const products = (await apiGet(page, "admin/settings/products")) as Array<{ id: number; name: string }>;
  const statusId = (name: string) => statuses.find((status) => status.name === name)!.id;
  return { statusId, productId: products.find((product) => product.name === "Seguro Auto")!.id };
}

test("settings overview and sections are reachable by keyboard-friendly links", async ({ page }) => {
  await signIn(page, "admin");
  await page.getByRole("navigation", { name: "Menu principal" }).getByRole("link", { name: "Configurações" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Configurações" })).toBeVisible();
  await expect(page).toHaveTitle("Configurações · DocFlow");
  await expectNoSeriousA11yViolations(page);
  await screenshotBothSizes(page, "settings-overview");

  const sections = page.getByRole("navigation", { name: "Seções das configurações" });
  await sections.getByRole("link", { name: "Categorias" }).click();
  await expect(page.getByRole("cell", { name: "Pausados", exact: true })).toBeVisible();
  await expect(sections.getByRole("link", { name: "Categorias" })).toHaveAttribute("aria-current", "page");
  await expectNoSeriousA11yViolations(page);
  await screenshotBothSizes(page, "settings-categories");

  // A category in use cannot be deleted: the button is not offered, and says why (no refusal after asking).
  const deleteAccess = page.getByRole("button", { name: "Excluir Acesso" });
  await expect(deleteAccess).toBeDisabled();
  await expect(deleteAccess).toHaveAccessibleDescription("Não pode ser excluída: em uso por 1 status.");
});

test("a status configured with transitions is enforced on documents", async ({ page }) => {
  await signIn(page, "admin", "/settings/statuses");
  await expect(page.getByRole("heading", { name: "Status", exact: true })).toBeVisible();
  await expect(page.getByRole("cell", { name: "Novo", exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize(SIZES.tablet);
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize(SIZES.laptop);
  await screenshotBothSizes(page, "settings-statuses");

  await page.getByRole("button", { name: "Novo status" }).click();
  const dialog = page.getByRole("dialog", { name: "Novo status" });
  // Server validation errors appear next to the fields.
  await dialog.getByLabel("Cor do texto", { exact: true }).fill("vermelho");
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(dialog.getByText("Preencha este campo.")).toBeVisible();
  await expect(dialog.getByText("Use uma cor no formato #rrggbb (ex.: #1f2937).")).toBeVisible();
  await expect(dialog.getByLabel("Cor do texto", { exact: true })).toHaveAttribute("aria-invalid", "true");

  await dialog.getByLabel("Nome", { exact: true }).fill("Triagem VIP");
  await dialog.getByLabel("Categoria").selectOption({ label: "Acesso (Aberta)" });
  await dialog.getByLabel("SLA do status (horas corridas)").fill("2");
  await dialog.getByLabel("Cor do texto", { exact: true }).fill("#ffffff");
  await dialog.getByLabel("Cor de fundo", { exact: true }).fill("#1d4ed8");
  await expect(dialog.getByText(/Contraste [\d,.]+:1 — legível/)).toBeVisible();
  await dialog.getByLabel("Etapa").selectOption({ label: "Triagem" });
  await dialog.getByRole("checkbox", { name: "Cancelado" }).check();
  await expectNoSeriousA11yViolations(page);
  await screenshotBothSizes(page, "settings-status-dialog");
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(dialog).toBeHidden();
  // By its name cell: Cancelado's row names "Triagem VIP" too (it is Triagem VIP's only transition).
  const row = page.getByRole("row").filter({ has: page.getByRole("cell", { name: "Triagem VIP", exact: true }) });
  await expect(row).toContainText("Cancelado");
  await expect(row).toContainText("2 h");

  const { statusId, productId } = await catalog(page);
  const created = await apiPost(page, "document/create", {
    status_id: statusId("Triagem VIP"),
    product_id: productId,
    cpf: "123.456.789-09",
  });
  expect(created.status).toBe(200);
  const refused = await apiPost(page, "document/updateById", { id: created.body.id, status_id: statusId("Concluído") });
  expect(refused.status).toBe(409);
  expect(refused.body.error).toMatch(/^Conflict: /);
  const allowed = await apiPost(page, "document/updateById", { id: created.body.id, status_id: statusId("Cancelado") });
  expect(allowed.status).toBe(200);

  // With a document in it, deleting the status first asks where its documents go (e2e/workflow-traps.spec.ts moves
  // them); cancelling leaves it as it was.
  await apiPost(page, "document/create", { status_id: statusId("Triagem VIP"), product_id: productId, cpf: "1" });
  await page.reload();
  await page.getByRole("button", { name: "Excluir Triagem VIP" }).click();
  const move = page.getByRole("dialog", { name: "Excluir “Triagem VIP”?" });
  await expect(move).toContainText("1 documento está em “Triagem VIP”");
  await expect(move.getByRole("button", { name: /^Mover o documento para/ })).toBeDisabled();
  await move.getByRole("button", { name: "Cancelar" }).click();
  await expect(move).toBeHidden();
  await expect(row).toBeVisible();
});

test("a holiday added to a modality moves the SLA deadline of new documents", async ({ page }) => {
  await signIn(page, "admin", "/settings/modalities");
  await expect(page.getByRole("cell", { name: "Horário comercial", exact: true })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "Horário comercial" })).toContainText("Seg–Sex 09:00–18:00");
  await expectNoSeriousA11yViolations(page);
  await screenshotBothSizes(page, "settings-modalities");

  await page.getByRole("button", { name: "Nova modalidade" }).click();
  const dialog = page.getByRole("dialog", { name: "Nova modalidade" });
  await dialog.getByLabel("Identificador").fill("Plantão E2E");
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByRole("heading", { name: "Plantão E2E" })).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/modalities\/\d+$/);

  // A calendar open all day, every day; an invalid time is reported next to its day.
  await page.getByLabel("Contar o SLA em horário de trabalho").check();
  await page.getByRole("button", { name: "Todos os dias, 24 h" }).click();
  await page.getByLabel("Segunda-feira, intervalo 1: fim").fill("7:00");
  await page.getByRole("button", { name: "Salvar calendário" }).click();
  await expect(page.getByText("Use HH:MM, de 00:00 a 24:00.")).toBeVisible();
  await page.getByLabel("Segunda-feira, intervalo 1: fim").fill("24:00");
  await page.getByRole("button", { name: "Salvar calendário" }).click();
  await expect(page.getByText("Alterações salvas.")).toBeVisible();

  const { statusId, productId } = await catalog(page);
  const document = () =>
    apiPost(page, "document/create", {
      status_id: statusId("Novo"),
      product_id: productId,
      cpf: "111.444.777-35",
      modality_identifier: "Plantão E2E",
      sla_total: 24,
    });
  const span = (body: { sla_start: string; sla_end: string }) =>
    new Date(body.sla_end).getTime() - new Date(body.sla_start).getTime();
  const before = await document();
  expect(before.status).toBe(200);
  expect(span(before.body)).toBe(24 * HOUR);

  const tomorrow = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(
    new Date(Date.now() + 24 * HOUR),
  );
  await page.getByLabel("Data", { exact: true }).fill(tomorrow);
  await page.getByLabel("Nome", { exact: true }).fill("Feriado E2E");
  await page.getByRole("button", { name: "Adicionar", exact: true }).click();
  await expect(page.getByText("Feriado adicionado.")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "Feriado E2E" })).toBeVisible();

  const after = await document();
  expect(after.status).toBe(200);
  expect(span(after.body)).toBe(48 * HOUR);

  // Brazil's national holidays for next year, offered for the chosen year.
  const nextYear = String(new Date().getFullYear() + 1);
  await page.getByLabel("Ano").selectOption(nextYear);
  await page.getByRole("button", { name: "Ver feriados do ano" }).click();
  await expect(page.getByRole("checkbox", { name: /Natal/ })).toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await screenshotBothSizes(page, "settings-modality-detail");
  await page.getByRole("button", { name: /^Adicionar \d+ feriados$/ }).click();
  await expect(page.getByRole("listitem").filter({ hasText: "Natal" })).toBeVisible();
  await expect(page.getByRole("heading", { name: /Próximos feriados \(1[3-9]\)/ })).toBeVisible();
});

test("products, columns and steps: a column key is validated next to its field", async ({ page }) => {
  await signIn(page, "admin", "/settings/products");
  await expect(page.getByRole("cell", { name: /^Seguro Auto/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshotBothSizes(page, "settings-products");

  await page.getByRole("link", { name: "Configurar colunas e etapas de Seguro Auto" }).click();
  await expect(page.getByRole("heading", { name: "Seguro Auto" })).toBeVisible();
  await page.getByRole("button", { name: "Nova coluna" }).click();
  const dialog = page.getByRole("dialog", { name: "Nova coluna" });
  await dialog.getByLabel("Chave").fill("Valor Total");
  await dialog.getByLabel("Rótulo").fill("Valor total");
  await dialog.getByLabel("Tipo").selectOption({ label: "Número" });
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(dialog.getByText(/Use de 1 a 60 letras minúsculas/)).toBeVisible();
  await dialog.getByLabel("Chave").fill("placa");
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(dialog.getByRole("alert")).toContainText("Este produto já tem uma coluna com esta chave.");
  await dialog.getByLabel("Chave").fill("valor_total");
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("cell", { name: "valor_total", exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshotBothSizes(page, "settings-product-detail");
});

test("an admin creates a user, who can then sign in with the password shown once", async ({ page }) => {
  await signIn(page, "admin", "/settings/users");
  await expect(page.getByRole("cell", { name: "admin@e2e.test", exact: true })).toBeVisible();
  // The admin cannot disable themselves: the action is not offered on their own row.
  const ownRow = page.getByRole("row").filter({ hasText: "admin@e2e.test" });
  await expect(ownRow.getByRole("button", { name: /Desativar/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize(SIZES.tablet);
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize(SIZES.laptop);
  await screenshotBothSizes(page, "settings-users");

  await page.getByRole("button", { name: "Novo usuário" }).click();
  const dialog = page.getByRole("dialog", { name: "Novo usuário" });
  await dialog.getByLabel("E-mail").fill("nope");
  await dialog.getByLabel("Nome").fill("Nina Nova");
  await dialog.getByLabel("Perfil").selectOption({ label: "Operador" });
  await dialog.getByRole("button", { name: "Criar usuário" }).click();
  await expect(dialog.getByText("Informe um e-mail válido.")).toBeVisible();
  await dialog.getByLabel("E-mail").fill("nina@e2e.test");
  await dialog.getByRole("button", { name: "Criar usuário" }).click();

  const shown = page.getByRole("dialog", { name: "Senha gerada" });
  await expect(shown).toContainText("nina@e2e.test");
  const password = (await shown.getByTestId("generated-password").textContent())!.trim();
  expect(password.length).toBeGreaterThanOrEqual(16);
  await expectNoSeriousA11yViolations(page);
  await screenshotBothSizes(page, "settings-user-password");
  await shown.getByRole("button", { name: "Já anotei" }).click();
  await expect(page.getByRole("row").filter({ hasText: "nina@e2e.test" })).toContainText("Operador");

  await page.getByRole("button", { name: "Sair" }).click();
  await expect(page).toHaveURL(/\/signin/);
  await page.getByLabel("E-mail").fill("nina@e2e.test");
  await page.getByLabel("Senha").fill(password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await page.waitForURL(/\/documents/);
  await expect(page.getByText("Nina Nova")).toBeVisible();
  // Nina is staff: settings are closed to her.
  await page.goto("/settings/users");
  await expect(page).toHaveURL(/\/forbidden/);
});

test("a staff user is sent to /forbidden on every settings page and refused by the settings API", async ({ page }) => {
  await signIn(page, "staff");
  await expect(page.getByRole("link", { name: "Configurações" })).toHaveCount(0);
  for (const path of ["/settings", "/settings/statuses", "/settings/modalities/1", "/settings/users"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/forbidden$/);
  }
  await expect(page.getByRole("heading", { name: "Acesso negado" })).toBeVisible();
  const response = await page.request.get("/api/admin/settings/users");
  expect(response.status()).toBe(403);
});

test("a status message naming an unknown placeholder is refused under its field before anything is sent", async ({
  page,
}) => {
  await signIn(page, "admin", "/settings/statuses");
  await page.getByRole("button", { name: "Novo status" }).click();
  const dialog = page.getByRole("dialog", { name: "Novo status" });
  await dialog.getByLabel("Nome", { exact: true }).fill("Marcador errado");
  await dialog.getByLabel("Avisar o cliente por e-mail quando o documento entrar neste status").check();
  await dialog.getByLabel("Texto", { exact: true }).fill("Olá {cliente}, seu protocolo é {protocolo}.");
  // The browser runs the API's own schema (createStatusSchema): the save request is never made.
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().includes("/api/admin/settings/statuses"))
      posts.push(request.url());
  });
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(dialog.getByText("Marcador(es) desconhecido(s): {cliente}.", { exact: false })).toBeVisible();
  await expect(dialog.getByLabel("Texto", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByRole("alert")).toHaveText("Corrija os campos indicados abaixo.");
  expect(posts).toEqual([]);
  // Fixed, it saves.
  await dialog.getByLabel("Texto", { exact: true }).fill("Olá {nome}, seu protocolo é {protocolo}.");
  await expect(dialog.getByLabel("Texto", { exact: true })).not.toHaveAttribute("aria-invalid", "true");
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(dialog).toBeHidden();
  expect(posts).toHaveLength(1);
  await expect(page.getByRole("row").filter({ hasText: "Marcador errado" })).toBeVisible();
});

/** Calls our API's DELETE with the signed-in admin's session. */
async function apiDelete(page: Page, route: string) {
  const origin = new URL(page.url()).origin;
  const response = await page.request.delete(`/api/${route}`, { headers: { Origin: origin } });
  expect(response.status()).toBe(200);
}

/** Records the POSTs the page makes to an API route (to prove the browser's check sent nothing). */
function postsTo(page: Page, route: string) {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().includes(`/api/${route}`)) posts.push(request.url());
  });
  return posts;
}

test("a step is refused in the browser under its field, and the server's refusal of a removed status lands under the statuses", async ({
  page,
}) => {
  await signIn(page, "admin", "/settings/products");
  const { productId } = await catalog(page);
  const categories = (await apiGet(page, "admin/settings/categories")) as Array<{ id: number; kind: string }>;
  const created = await apiPost(page, "admin/settings/statuses", {
    name: `Status removido ${Date.now()}`,
    category_id: categories.find((category) => category.kind === "open")!.id,
  });
  expect(created.status).toBe(201);
  await page.goto(`/settings/products/${productId}`);
  await page.getByRole("button", { name: "Nova etapa" }).click();
  const dialog = page.getByRole("dialog", { name: "Nova etapa" });
  const posts = postsTo(page, `admin/settings/products/${productId}/steps`);
  // The browser runs createStepSchema: an empty name is refused under "Nome", focused, and nothing is sent.
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(dialog.getByLabel("Nome", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByLabel("Nome", { exact: true })).toBeFocused();
  await expect(dialog.getByText("Preencha este campo.")).toBeVisible();
  await expect(dialog.getByRole("alert")).toHaveText("Corrija os campos indicados abaixo.");
  expect(posts).toEqual([]);
  await expectNoSeriousA11yViolations(page);

  // The status chosen is removed before the step is saved: the server refuses it, under the statuses list.
  await dialog.getByLabel("Nome", { exact: true }).fill("Etapa com status removido");
  await dialog.getByLabel(created.body.name).check();
  await apiDelete(page, `admin/settings/statuses/${created.body.id}`);
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(
    dialog.getByRole("group", { name: "Status desta etapa" }).getByText("Escolha uma opção válida desta instância."),
  ).toBeVisible();
  await expect(dialog.getByRole("alert")).toHaveText("Corrija os campos indicados abaixo.");
  expect(posts).toHaveLength(1);
  await expect(dialog.getByLabel("Nome", { exact: true })).not.toHaveAttribute("aria-invalid", "true");
  // Without it, the step saves.
  await dialog.getByLabel(created.body.name).uncheck();
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(dialog).toBeHidden();
  expect(posts).toHaveLength(2);
  await expect(page.getByRole("cell", { name: "Etapa com status removido", exact: true })).toBeVisible();
});

test("a retention rule is refused in the browser under its field, and the server's refusal of a removed product lands under Produto", async ({
  page,
}) => {
  await signIn(page, "admin", "/settings/products");
  const product = await apiPost(page, "admin/settings/products", { name: `Produto removido ${Date.now()}` });
  expect(product.status).toBe(201);
  await page.goto("/settings/retention");
  await expect(page.getByRole("heading", { name: "Descarte programado de dados" })).toBeVisible();
  const posts = postsTo(page, "admin/retention");
  // The categories have loaded (the select shows the first finished/pause one).
  await expect(page.getByLabel("Categoria do status")).toHaveValue(/^\d+$/);
  // ZRetentionRuleBody in the browser: 0 days is refused under its field; nothing is sent.
  await page.getByLabel("Dias na categoria").fill("0");
  await page.getByRole("button", { name: "Criar regra (inativa)" }).click();
  await expect(page.getByLabel("Dias na categoria")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Dias na categoria")).toBeFocused();
  await expect(page.getByText("Informe um valor a partir de 1.")).toBeVisible();
  // (Next's route announcer is an empty alert on every page.)
  await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toHaveText("Corrija os campos indicados abaixo.");
  expect(posts).toEqual([]);

  // The product chosen is removed before the rule is created: the server's 400 shows under "Produto".
  await page.getByLabel("Dias na categoria").fill("400");
  await page.getByLabel("Produto").selectOption({ label: product.body.name });
  await page.getByLabel("Categoria do status").selectOption({ label: "Finalizados" });
  await apiDelete(page, `admin/settings/products/${product.body.id}`);
  await page.getByRole("button", { name: "Criar regra (inativa)" }).click();
  await expect(page.getByLabel("Produto")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("valor inválido")).toBeVisible();
  await expect(page.getByLabel("Dias na categoria")).not.toHaveAttribute("aria-invalid", "true");
  expect(posts).toHaveLength(1);
  await expectNoSeriousA11yViolations(page);
  const rules = (await apiGet(page, "admin/retention")) as { rules: Array<{ product_id: number | null }> };
  expect(rules.rules.filter((rule) => rule.product_id === product.body.id)).toEqual([]);
});
