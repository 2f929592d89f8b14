// The LGPD page for a privacy officer and the APIs menu, live: requests and last-use times follow the server
// without a reload; each request shows its legal deadline; "nothing found" reads as a sentence.
// The tests that wait for a page's refresh (or for its absence) move the page's clock one interval forward
// (Playwright's page.clock.fastForward: the page's timers then due fire once, as after that long) instead of waiting for it
// in real time.
import { expect, test, type Page } from "@playwright/test";
import { maskCpf } from "../lib/identifiers/identifiers.ts";
import { expectNoSeriousA11yViolations, screenshotBothSizes, signIn, SIZES } from "./support/fixtures.ts";
import { countPageFetches } from "./support/fetch-counter.ts";
import { expectNoSeriousA11yViolationsAtBothSizes } from "./support/layout-checks.ts";
import { E2E_LGPD } from "./support/seed-lgpd.ts";
import { APIS_REFRESH_MS } from "../lib/api-client/apis.ts";
import { LGPD_REFRESH_IDLE_MS } from "../lib/api-client/lgpd.ts";

test.describe.configure({ timeout: 120_000 });

// CPFs no other seed or spec uses.
const DONE_CPF = "659.347.182-82";
const NOTHING_CPF = "286.135.790-86";

async function api(page: Page, route: string, data: unknown) {
  const origin = new URL(page.url()).origin;
  return page.request.post(`/api/${route}`, { data, headers: { origin } });
}

async function lgpdKey(page: Page): Promise<string> {
  const rotated = await api(page, "admin/lgpd-key/rotate", {});
  expect(rotated.status()).toBe(200);
  return ((await rotated.json()) as { key: string }).key;
}

/** Counts full page loads (a reload or navigation), which a live page must not need. */
function countNavigations(page: Page) {
  const counter = { loads: 0 };
  page.on("load", () => counter.loads++);
  return counter;
}

const requestRow = (page: Page, cpf: string) =>
  page
    .getByRole("region", { name: "Solicitações de exclusão" })
    .getByRole("row")
    .filter({ hasText: maskCpf(cpf) });

test("a new request appears and goes to done on the open LGPD page without a reload", async ({ page }) => {
  await page.clock.install();
  await signIn(page, "admin");
  const created = await api(page, "document/create", {
    status_id: 1,
    product_id: 1,
    cpf: DONE_CPF.replace(/\D/g, ""),
    name: "Titular ao vivo",
  });
  expect(created.status()).toBe(200);
  const key = await lgpdKey(page);

  await page.goto("/lgpd");
  await expect(page.getByRole("status").filter({ hasText: /solicitaç/ })).toBeVisible();
  const navigations = countNavigations(page);

  const requested = await page.request.post("/api/lgpd/default/request", {
    headers: { "x-api-key": key },
    data: { cpf: DONE_CPF },
  });
  expect(requested.status()).toBe(200);
  await page.clock.fastForward(LGPD_REFRESH_IDLE_MS);

  const row = requestRow(page, DONE_CPF);
  await expect(row).toContainText("Concluída", { timeout: 40_000 });
  await expect(row).toContainText("1 documento");
  await expect(row).toContainText("Respondido no prazo");
  expect(navigations.loads).toBe(0);
  await expect(page.getByTestId("updated-ago")).toContainText(/Atualizado há \d+ s/);
  await expectNoSeriousA11yViolations(page);
});

test("a request that matched nothing reads 'Nenhum dado encontrado para este CPF', not four zero counts", async ({
  page,
}) => {
  await signIn(page, "admin");
  const key = await lgpdKey(page);
  const requested = await page.request.post("/api/lgpd/default/request", {
    headers: { "x-api-key": key },
    data: { cpf: NOTHING_CPF },
  });
  expect(requested.status()).toBe(200);
  await expect(async () => {
    const status = await page.request.get(`/api/lgpd/default/status/${NOTHING_CPF.replace(/\D/g, "")}`, {
      headers: { "x-api-key": key },
    });
    expect((await status.json()).status).toBe("not_found");
  }).toPass({ timeout: 30_000 });

  await page.goto("/lgpd");
  const row = requestRow(page, NOTHING_CPF);
  await expect(row).toContainText("Nada encontrado");
  await expect(row).toContainText("Nenhum dado encontrado para este CPF");
  await expect(row).not.toContainText("0 documentos");
  await expect(row).not.toContainText("0 observações");

  // The same on the cards of a tablet.
  await page.setViewportSize(SIZES.tablet);
  const card = page
    .getByRole("list", { name: "Solicitações de exclusão" })
    .getByRole("listitem")
    .filter({
      hasText: maskCpf(NOTHING_CPF),
    });
  await expect(card).toContainText("Nenhum dado encontrado para este CPF");
  await expect(card).not.toContainText("0 documentos");
});

test("each request shows its legal deadline (15 days by default) with a countdown or how it was met", async ({
  page,
}) => {
  await signIn(page, "admin", "/lgpd");
  await expect(
    page.getByText("Prazo legal de resposta: 15 dias a partir da solicitação (LGPD, art. 19)."),
  ).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Prazo legal" })).toBeVisible();

  // The seeded pending request of 2026-05-01 12:00 UTC is long overdue: its deadline was 2026-05-16 12:00 UTC.
  const overdueDays = Math.floor((Date.now() - Date.parse("2026-05-16T12:00:00Z")) / 86_400_000);
  const pending = requestRow(page, E2E_LGPD.blockedCpf).filter({ hasText: "Pendente" });
  await expect(pending).toContainText(`Vencido há ${overdueDays} dias`);
  await expect(pending).toContainText("até 16/05/2026");
  // The seeded done request was processed two minutes after it arrived.
  const done = requestRow(page, E2E_LGPD.doneCpf).filter({ hasText: "2 documentos" });
  await expect(done).toContainText("Respondido no prazo");
  await expect(done).toContainText("até 25/03/2026");
  await expectNoSeriousA11yViolationsAtBothSizes(page);
  await screenshotBothSizes(page, "lgpd-deadlines");
});

test("the LGPD list stops refreshing while the tab is hidden and resumes when it is shown", async ({ page }) => {
  await page.clock.install();
  // Every search the page starts, counted in the page itself (e2e/support/fetch-counter.ts).
  const startedSearches = await countPageFetches(page, "/api/admin/lgpd-requests/search");
  await signIn(page, "admin", "/lgpd");
  await expect(page.getByRole("status").filter({ hasText: /solicitaç/ })).toBeVisible();
  const searches: number[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/admin/lgpd-requests/search")) searches.push(Date.now());
  });
  const setHidden = (hidden: boolean) =>
    page.evaluate((value) => {
      Object.defineProperty(document, "visibilityState", {
        configurable: true,
        get: () => (value ? "hidden" : "visible"),
      });
      Object.defineProperty(document, "hidden", { configurable: true, get: () => value });
      document.dispatchEvent(new Event("visibilitychange"));
    }, hidden);

  await setHidden(true);
  searches.length = 0;
  const before = await startedSearches();
  // More than the longer (idle) interval: a visible page would have searched again by now.
  await page.clock.fastForward(LGPD_REFRESH_IDLE_MS + 1_000);
  expect(await startedSearches()).toBe(before);
  expect(searches).toEqual([]);

  await setHidden(false);
  await expect.poll(() => searches.length, { timeout: 20_000 }).toBeGreaterThan(0);
});

test("a token's and the LGPD key's last use update on the open APIs pages without a reload", async ({ page }) => {
  await page.clock.install();
  await signIn(page, "admin");
  const name = `ao-vivo-${Date.now()}`;
  const created = await api(page, "admin/tokens", { name, role: "viewer", expires_at: null });
  expect(created.status()).toBe(201);
  const { token } = (await created.json()) as { token: string };

  await page.goto("/apis/tokens");
  const row = page
    .getByRole("region", { name: "Tokens da API de documentos" })
    .getByRole("row")
    .filter({ hasText: name });
  const lastUsed = row.getByRole("cell").nth(4);
  await expect(lastUsed).toHaveText("Nunca");
  const navigations = countNavigations(page);
  const used = await page.request.post("/api/status/loadAll", {
    headers: { authorization: `Bearer ${token}` },
    data: {},
  });
  expect(used.status()).toBe(200);
  await page.clock.fastForward(APIS_REFRESH_MS);
  await expect(lastUsed).toHaveText(/\d{2}\/\d{2}\/\d{4}/, { timeout: 30_000 });
  expect(navigations.loads).toBe(0);
  await expect(page.getByTestId("updated-ago")).toContainText(/Atualizado há \d+ s/);

  const key = await lgpdKey(page);
  await page.goto("/apis/lgpd");
  const lastUse = page.locator("dt", { hasText: "Último uso" }).locator("xpath=following-sibling::dd");
  await expect(lastUse).toHaveText("Nunca usada");
  const keyNavigations = countNavigations(page);
  await page.request.get(`/api/lgpd/default/status/${E2E_LGPD.doneCpf.replace(/\D/g, "")}`, {
    headers: { "x-api-key": key },
  });
  await page.clock.fastForward(APIS_REFRESH_MS);
  await expect(lastUse).toHaveText(/\d{2}\/\d{2}\/\d{4}/, { timeout: 30_000 });
  expect(keyNavigations.loads).toBe(0);
});
