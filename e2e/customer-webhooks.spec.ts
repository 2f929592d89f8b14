import { expect, test, type Page } from "@playwright/test";
import { verifySignature } from "../lib/webhooks/server/signature.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../tests/helpers/webhook-receiver.ts";
import { screenshotBothSizes, signIn } from "./support/fixtures.ts";

// An admin registers a webhook endpoint in APIs → Webhooks (secret shown once); a status change
// reaches a real HTTP receiver (this process) as a signed document.status_changed; while the receiver is down the
// deliveries fail and show so, and once it is back the app's own retries deliver them, in order.
test.describe.configure({ timeout: 120_000 });

let receiver: WebhookReceiver;
test.beforeAll(async () => {
  receiver = await startWebhookReceiver((Number(process.env.E2E_PORT) || 3100) + 2);
});
test.afterAll(async () => receiver?.close());

async function api(page: Page, method: "POST" | "PATCH" | "DELETE", route: string, data?: unknown) {
  const origin = new URL(page.url()).origin;
  const response = await page.request.fetch(`/api/${route}`, { method, data, headers: { origin } });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return response.json();
}

test("a receiver gets a signed status change and, after being down, the retried deliveries", async ({ page }) => {
  await signIn(page, "admin", "/apis/webhooks");
  await page.getByLabel("URL").fill(receiver.url);
  await page.getByRole("button", { name: "Cadastrar" }).click();
  const secret = await page.getByRole("textbox", { name: "Segredo de assinatura" }).inputValue();
  expect(secret).toMatch(/^whsec_/);
  const { items } = (await (await page.request.get("/api/admin/webhooks")).json()) as { items: Array<{ id: number }> };
  const endpointId = items.at(-1)!.id;

  try {
    const statuses = (await api(page, "POST", "status/loadAll", {})) as Array<{ id: number; name: string }>;
    const statusId = (name: string) => statuses.find((status) => status.name === name)!.id;
    const products = (await api(page, "POST", "product/loadAll", {})) as Array<{ id: number }>;
    const created = (await api(page, "POST", "document/create", {
      status_id: statusId("Novo"),
      product_id: products[0]!.id,
      cpf: "111.444.777-35",
    })) as { id: number };
    await receiver.waitFor(1);
    const started = performance.now();
    await api(page, "POST", "document/updateById", { id: created.id, status_id: statusId("Em análise") });
    const hooks = await receiver.waitFor(3);
    const changed = hooks.find((hook) => hook.json.type === "document.status_changed")!;
    console.log(`status change → webhook received: ${Math.round(changed.receivedAt - started)} ms`);
    expect(verifySignature(secret, changed.body, changed.headers["x-signature"] ?? null)).toBe(true);
    expect(changed.json.data).toMatchObject({ id: created.id, status_id: statusId("Em análise") });

    // Down: the next changes fail and wait; the page shows the receiver's answer.
    receiver.setDown(true);
    receiver.received.length = 0;
    await api(page, "POST", "document/updateById", { id: created.id, status_id: statusId("Em execução") });
    await page.reload();
    const endpoint = page.getByTestId("webhook-endpoint").filter({ hasText: receiver.url });
    const deliveries = endpoint.getByTestId("webhook-delivery");
    await expect(deliveries.filter({ hasText: "HTTP 503" }).first()).toBeVisible({ timeout: 15_000 });
    // The later event of the same document waits behind the failed one (order per document).
    await expect(deliveries.first()).toContainText("document.status_changed");
    await expect(deliveries.first()).toContainText("Aguardando (nenhuma tentativa)");
    await screenshotBothSizes(page, "customer-webhooks");

    // Back up: the retries (2 s, then doubling, in e2e) deliver both events of that change, in order.
    receiver.setDown(false);
    const retried = await receiver.waitFor(2, 30_000);
    expect(retried.map((hook) => hook.json.type)).toEqual(["document.updated", "document.status_changed"]);
    expect(retried.every((hook) => verifySignature(secret, hook.body, hook.headers["x-signature"] ?? null))).toBe(true);
    await page.reload();
    await expect(deliveries.first()).toContainText("Entregue");
  } finally {
    await api(page, "DELETE", `admin/webhooks/${endpointId}`);
  }
});
