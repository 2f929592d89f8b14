import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, screenshotBothSizes, signIn } from "./support/fixtures.ts";
import { countPageFetches } from "./support/fetch-counter.ts";
import { QUEUE_FIXTURES } from "./support/seed-queue.ts";
import { LIVE_INTERVAL_MS } from "../lib/api-client/live.ts";

// Open pages follow changes without reload (polling every 10 s, lib/api-client/live.ts), and one
// query-key factory per entity lets every mutation invalidate exactly what it changed on both the list and the page.
// The tests that wait for a poll (or for its absence) move the page's clock one interval forward (Playwright's
// page.clock.fastForward: the page's timers then due fire once, as after that long) instead of waiting for it in real time.

test.describe.configure({ timeout: 120_000 });

type Fixture = keyof typeof QUEUE_FIXTURES;

async function api(page: Page, route: string, data: unknown) {
  return page.request.post(`/api/${route}`, { data, headers: { origin: new URL(page.url()).origin } });
}

async function documentOf(page: Page, fixture: Fixture): Promise<{ id: number; protocol: string }> {
  const response = await api(page, "document/loadByCPF", { cpf: QUEUE_FIXTURES[fixture].cpf });
  const [document] = (await response.json()) as Array<{ id: number; protocol: string }>;
  return document!;
}

async function statusId(page: Page, name: string): Promise<number> {
  const statuses = (await (await api(page, "status/loadAll", {})).json()) as Array<{ id: number; name: string }>;
  return statuses.find((status) => status.name === name)!.id;
}

const rowOf = (page: Page, protocol: string) =>
  page.getByRole("region", { name: "Tabela de documentos" }).locator("tbody tr").filter({ hasText: protocol });

/** Shorter than one polling interval: what shows this fast came from invalidation, not from the next poll. */
const BEFORE_NEXT_POLL = { timeout: 4_000 };

test("the document page follows a change made elsewhere, with an “atualizado há N s” cue", async ({ page }) => {
  await page.clock.install();
  await signIn(page, "staff");
  const document = await documentOf(page, "livePage");
  await page.goto(`/documents/${document.id}`);
  await expect(page.getByTestId("document-status")).toHaveText(/Novo/);
  await expect(page.getByTestId("updated-ago")).toHaveText(/^Atualizado (agora|há \d+ s)$/);

  // Someone else (an integration) moves the document on.
  const change = await api(page, "document/updateById", {
    id: document.id,
    status_id: await statusId(page, "Em análise"),
  });
  expect(change.status()).toBe(200);
  await page.clock.fastForward(LIVE_INTERVAL_MS);
  await expect(page.getByTestId("document-status")).toHaveText(/Em análise/, { timeout: 25_000 });
  await expect(page.getByTestId("updated-ago")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshotBothSizes(page, "live-document-page");
});

test("the documents list follows a change made elsewhere", async ({ page }) => {
  await page.clock.install();
  await signIn(page, "staff");
  const document = await documentOf(page, "liveList");
  await page.goto(`/documents?cpf=${encodeURIComponent(QUEUE_FIXTURES.liveList.cpf)}`);
  await expect(rowOf(page, document.protocol)).toContainText("Novo");
  await expect(page.getByTestId("updated-ago")).toBeVisible();
  await api(page, "document/updateById", { id: document.id, status_id: await statusId(page, "Cancelado") });
  await page.clock.fastForward(LIVE_INTERVAL_MS);
  await expect(rowOf(page, document.protocol)).toContainText("Cancelado", { timeout: 25_000 });
});

test("a status changed on a document page shows in the list at once", async ({ page }) => {
  await signIn(page, "staff");
  const document = await documentOf(page, "invalidatePage");
  await page.goto(`/documents?cpf=${encodeURIComponent(QUEUE_FIXTURES.invalidatePage.cpf)}`);
  await expect(rowOf(page, document.protocol)).toContainText("Novo");
  await rowOf(page, document.protocol).getByRole("link", { name: document.protocol }).click();
  await expect(page.getByTestId("document-status")).toHaveText(/Novo/);

  const workflow = page.locator("section", { has: page.getByRole("heading", { name: "Andamento", exact: true }) });
  await workflow.getByLabel("Novo status").selectOption({ label: "Em análise" });
  await workflow.getByRole("button", { name: "Alterar status" }).click();
  await page.getByRole("dialog", { name: "Confirmar alteração" }).getByRole("button", { name: "Confirmar" }).click();
  await expect(page.getByTestId("document-status")).toHaveText(/Em análise/);

  // Back to the list in the same tab (client-side navigation keeps the cache): the row is already current.
  await page.getByRole("link", { name: "Voltar aos documentos" }).click();
  await expect(rowOf(page, document.protocol)).toContainText("Em análise", BEFORE_NEXT_POLL);
});

test("a bulk change shows on the document pages at once", async ({ page }) => {
  await signIn(page, "staff");
  const document = await documentOf(page, "invalidateBulk");
  await page.goto(`/documents?cpf=${encodeURIComponent(QUEUE_FIXTURES.invalidateBulk.cpf)}`);
  // Open the document page once (its data is now cached in this tab), then return to the list.
  await rowOf(page, document.protocol).getByRole("link", { name: document.protocol }).click();
  await expect(page.getByTestId("document-status")).toHaveText(/Novo/);
  await page.goBack();
  await rowOf(page, document.protocol).getByRole("checkbox").check();
  await page.getByRole("combobox", { name: "Novo status" }).selectOption({ label: "Em análise" });
  await page.getByRole("button", { name: "Alterar status", exact: true }).click();
  await page.getByRole("dialog", { name: "Alterar status em lote" }).getByRole("button", { name: "Confirmar" }).click();
  await expect(page.getByText("1 de 1 alterados.")).toBeVisible();

  await rowOf(page, document.protocol).getByRole("link", { name: document.protocol }).click();
  await expect(page.getByTestId("document-status")).toHaveText(/Em análise/, BEFORE_NEXT_POLL);
});

test("polling pauses while the tab is hidden", async ({ page }) => {
  await page.clock.install();
  // Every search the page starts, counted in the page itself (e2e/support/fetch-counter.ts).
  const startedSearches = await countPageFetches(page, "/api/documents/search");
  await signIn(page, "staff");
  await expect(page.getByTestId("updated-ago")).toBeVisible();
  let searches = 0;
  page.on("request", (request) => {
    if (request.url().endsWith("/api/documents/search")) searches += 1;
  });
  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
    document.dispatchEvent(new Event("visibilitychange"));
  });
  const before = await startedSearches();
  // More than one interval: a visible page would have searched again by now.
  await page.clock.fastForward(LIVE_INTERVAL_MS + 2_000);
  expect(await startedSearches()).toBe(before);
  expect(searches).toBe(0);
  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "visible" });
    document.dispatchEvent(new Event("visibilitychange"));
  });
  await expect.poll(() => searches, { timeout: 15_000 }).toBeGreaterThan(0);
});
