// Every staff page, at a laptop's 1280 px and a phone's 390 px, has no serious or critical axe finding. The pages
// with an id in their path take the first one their list page links to, so the spec needs no seed of its own.
import { expect, test, type Page } from "@playwright/test";
import { appOrigin, expectNoSeriousA11yViolations, signIn } from "./support/fixtures.ts";

test.describe.configure({ timeout: 120_000 });

const WIDTHS = { laptop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;

const STATIC_PAGES = [
  "/documents",
  "/documents/new",
  "/documents/import",
  "/dashboard",
  "/lgpd",
  "/lgpd/caixa",
  "/lgpd/titular",
  "/audit",
  "/apis",
  "/apis/lgpd",
  "/apis/tokens",
  "/apis/webhooks",
  "/api-reference",
  "/conta",
  "/settings",
  "/settings/products",
  "/settings/statuses",
  "/settings/categories",
  "/settings/modalities",
  "/settings/masking",
  "/settings/retention",
  "/settings/tracking-page",
  "/settings/users",
] as const;

/** A page whose path holds an id: its list page, and the pattern of the links to it there. */
const PAGES_WITH_AN_ID = [
  { list: "/documents", link: /^\/documents\/\d+$/ },
  { list: "/settings/products", link: /^\/settings\/products\/\d+$/ },
  { list: "/settings/modalities", link: /^\/settings\/modalities\/\d+$/ },
  { list: "/lgpd", link: /^\/lgpd\/\d+\/receipt$/ },
] as const;

/** The page loaded and its client parts done fetching: a level-1 heading shown and no "loading" region left. */
async function settled(page: Page) {
  await expect(page.locator("main h1, main [role=heading][aria-level='1']").first()).toBeVisible();
  await expect(page.locator("[aria-busy=true]")).toHaveCount(0);
  await page.waitForLoadState("networkidle", { timeout: 5_000 }).catch(() => undefined);
}

/** Both widths are checked before failing, so one run lists every finding of the page. */
async function checkBothWidths(page: Page, path: string) {
  const findings: string[] = [];
  for (const [name, viewport] of Object.entries(WIDTHS)) {
    await page.setViewportSize(viewport);
    await page.goto(path);
    await settled(page);
    await expectNoSeriousA11yViolations(page).catch((error: Error) => findings.push(`${name}: ${error.message}`));
  }
  expect(findings).toEqual([]);
}

for (const path of STATIC_PAGES) {
  test(`${path} has no serious accessibility finding at 1280 and 390 px`, async ({ page }) => {
    await signIn(page, "admin", null);
    await checkBothWidths(page, path);
  });
}

for (const { list, link } of PAGES_WITH_AN_ID) {
  test(`the page a link of ${list} opens (${link.source}) has no serious accessibility finding`, async ({ page }) => {
    await signIn(page, "admin", list);
    await settled(page);
    // The list may arrive after the heading (a client query): wait for a link to match.
    let target: string | undefined;
    await expect
      .poll(
        async () => {
          const hrefs = await page
            .locator("main a[href]")
            .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute("href") ?? ""));
          target = hrefs.find((href) => link.test(href));
          return target;
        },
        { message: `a link like ${link.source} on ${list}` },
      )
      .toBeTruthy();
    await checkBothWidths(page, target!);
  });
}

// A long e-mail to the customer scrolls inside its box on the document page: the box must be reachable by keyboard
// (axe: scrollable-region-focusable, serious), which only shows when a message is long enough to scroll.
test("a document page with a long sent message has no serious accessibility finding", async ({ page }) => {
  await signIn(page, "admin", null);
  const post = async (route: string, data: unknown) => {
    const response = await page.request.post(`/api/${route}`, { data, headers: { origin: appOrigin() } });
    expect(response.status(), await response.text()).toBeLessThan(300);
    return response.json();
  };
  const statuses = (await post("status/loadAll", {})) as Array<{ id: number; name: string }>;
  const products = (await post("product/loadAll", {})) as Array<{ id: number }>;
  const created = (await post("document/create", {
    status_id: statuses.find((status) => status.name === "Em análise")!.id,
    product_id: products[0]!.id,
    cpf: "369.258.147-55",
    name: "Lia Leitura",
    email: "lia.leitura@example.com",
  })) as { id: number };
  const text = Array.from({ length: 30 }, (_, line) => `Linha ${line + 1} da resposta.`).join("\n");
  await post(`documents/${created.id}/observations`, { text, visibility: "customer", send_email: true });
  await checkBothWidths(page, `/documents/${created.id}`);
});
