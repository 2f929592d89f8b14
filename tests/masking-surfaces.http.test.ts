// One masking rule on every surface, over real HTTP on the built app and a real database (PGlite, or PostgreSQL with
// TEST_DATABASE_URL): the role's masking policy decides what the list, the document page, the composer's preview, the
// sent messages, the history and the webhook delivery view show; a field a caller reads masked cannot be used to
// confirm a guess through document/filter; the clear export leaves only by POST from our own page or the API, never
// by a GET link another site can start with the admin's cookie.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { processDueDeliveries } from "@/lib/webhooks/server/delivery-queue.ts";
import { hashTestPassword } from "./helpers/passwords.ts";
import { createInstanceFixture, type InstanceFixture } from "./helpers/fixtures.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";
import { startWebhookReceiver, type WebhookReceiver } from "./helpers/webhook-receiver.ts";

type Json = Record<string, any>;

let app: TestApp;
let fx: InstanceFixture;
let receiver: WebhookReceiver;
let documentId: number;
let uuid: string;
let adminCookie: string;
let origin: string;

const CUSTOMER = {
  cpf: "529.982.247-25",
  name: "Maria da Silva",
  email: "maria@example.com",
  phone: "+55 11 99999-1234",
};
const ALL = ["cpf", "name", "email", "phone"];

async function setPolicy(role: "admin" | "staff" | "viewer", maskedFields: string[]) {
  await app.db.maskingPolicy.upsert({
    where: { instanceId_role: { instanceId: fx.instanceId, role } },
    create: { instanceId: fx.instanceId, role, maskedFields },
    update: { maskedFields },
  });
}

async function request(method: string, route: string, token: string, body?: unknown) {
  const response = await fetch(`${app.baseUrl}/api/${route}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: response.status, text, body: json as Json, headers: response.headers };
}

/** Signs in through next-auth's credentials endpoint, as the sign-in page does, and returns the cookie header. */
async function signIn(email: string, password: string): Promise<string> {
  const csrf = await fetch(`${app.baseUrl}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const csrfCookies = csrf.headers.getSetCookie().map((cookie) => cookie.split(";")[0]);
  const response = await fetch(`${app.baseUrl}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: csrfCookies.join("; ") },
    body: new URLSearchParams({ csrfToken, email, password, json: "true" }),
  });
  const cookies = [...csrfCookies, ...response.headers.getSetCookie().map((cookie) => cookie.split(";")[0])];
  expect(cookies.some((cookie) => cookie?.startsWith("next-auth.session-token="))).toBe(true);
  return cookies.join("; ");
}

beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_CIDRS = "127.0.0.1/32"; // the operator opens the loopback receiver
  app = await startTestApp();
  fx = await createInstanceFixture(app.db);
  receiver = await startWebhookReceiver();
  origin = new URL(app.baseUrl).origin;
  await app.db.user.create({
    data: {
      instanceId: fx.instanceId,
      email: "admin@masking.test",
      name: "Helena",
      role: "admin",
      passwordHash: await hashTestPassword("admin-password-123"),
    },
  });
  adminCookie = await signIn("admin@masking.test", "admin-password-123");
  // The webhook receives the full document, so its stored payload holds the customer's data.
  const endpoint = await request("POST", "admin/webhooks", fx.tokens.admin, {
    url: receiver.url,
    events: ["document.created"],
    payload: "full",
  });
  expect(endpoint.status, endpoint.text).toBe(201);
  const created = await request("POST", "document/create", fx.tokens.admin, {
    status_id: fx.statusIds["Novo"],
    product_id: fx.productId,
    ...CUSTOMER,
  });
  expect(created.status, created.text).toBe(200);
  documentId = created.body.id;
  uuid = created.body.uuid;
  // Viewers read every personal field masked; staff and admins everything but the CPF... unless a case says so.
  await setPolicy("viewer", ALL);
});
afterAll(async () => {
  delete process.env.WEBHOOK_ALLOW_CIDRS;
  await receiver?.close();
  await app?.close();
});

describe("document/filter and a field the caller reads masked", () => {
  it("refuses a name, e-mail or phone list from a caller who reads that field masked (400, field errors)", async () => {
    for (const [field, value] of [
      ["name", CUSTOMER.name],
      ["email", CUSTOMER.email],
      ["phone", CUSTOMER.phone],
    ] as const) {
      const answer = await request("POST", "document/filter", fx.tokens.viewer, { [field]: [value] });
      expect(answer.status, `${field}: ${answer.text}`).toBe(400);
      expect(answer.body).toMatchObject({ status: "error", error: expect.stringMatching(/^BadRequest: /) });
      expect(answer.body.errors).toEqual([expect.objectContaining({ path: field })]);
      // A wrong guess is refused the same way: the answer never tells right from wrong.
      const wrong = await request("POST", "document/filter", fx.tokens.viewer, { [field]: [`${value}x`] });
      expect(wrong.status).toBe(400);
    }
  });

  it("still filters by the fields the caller reads, and in clear for an integration that reads in clear", async () => {
    const byUuid = await request("POST", "document/filter", fx.tokens.viewer, { uuid: [uuid] });
    expect(byUuid.status, byUuid.text).toBe(200);
    expect(byUuid.body.map((view: Json) => view.id)).toEqual([documentId]);
    const clear = await request("POST", "document/filter", fx.tokens.staff, { name: [CUSTOMER.name] });
    expect(clear.status, clear.text).toBe(200);
    expect(clear.body.map((view: Json) => view.id)).toEqual([documentId]);
  });
});

describe("the document page, the list, the preview and the sent messages follow one policy", () => {
  it("shows the name where the policy shows it (list and page alike)", async () => {
    await setPolicy("staff", ["cpf", "email", "phone"]);
    const list = await request("POST", "documents/search", fx.tokens.staff, { filters: {} });
    expect(list.status, list.text).toBe(200);
    const page = await request("GET", `documents/${documentId}`, fx.tokens.staff);
    expect(page.status, page.text).toBe(200);
    expect(list.body.items[0].name).toBe(CUSTOMER.name);
    expect(page.body.document.name).toBe(CUSTOMER.name);
    expect(page.body.fields_to_show.Cliente).toBe(CUSTOMER.name);
    expect(page.body.document.cpf).toBe(list.body.items[0].cpf);
    expect(page.body.document.cpf).not.toContain("529");
  });

  it("masks the name in the preview's text and the sent message when the policy masks it", async () => {
    await setPolicy("staff", ALL);
    const list = await request("POST", "documents/search", fx.tokens.staff, { filters: {} });
    const page = await request("GET", `documents/${documentId}`, fx.tokens.staff);
    expect(list.body.items[0].name).toBe("M**** d* S****");
    expect(page.body.document.name).toBe("M**** d* S****");
    expect(page.body.permissions.can_reveal).toBe(true);

    const preview = await request("POST", `documents/${documentId}/messages/preview`, fx.tokens.staff, {
      kind: "reply",
      text: "Recebemos seu pedido, Maria da Silva (maria@example.com).",
    });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.send).toBe(true);
    expect(preview.text).not.toMatch(/Maria|maria@example/);
    expect(preview.body.recipient).toBe("m****@e******.com");

    const sent = await request("POST", "observation/create", fx.tokens.staff, {
      document_id: documentId,
      message: "Seu pedido foi recebido, Maria da Silva.",
      observation_from: "client",
      section: "",
      send_communication: true,
    });
    expect(sent.status, sent.text).toBe(200);
    const view = await request("GET", `documents/${documentId}`, fx.tokens.staff);
    expect(view.body.messages.length).toBeGreaterThan(0);
    expect(JSON.stringify(view.body.messages)).not.toMatch(/Maria|maria@example/);
  });

  it("shows the preview and the sent messages in clear only after the page's one audited reveal", async () => {
    await setPolicy("staff", ALL);
    const reveals = () =>
      app.db.auditLog.count({ where: { instanceId: fx.instanceId, action: "document.reveal", documentId } });
    const draft = { kind: "reply", text: "Olá de novo, Maria da Silva: recebemos tudo." };
    const before = await reveals();
    // Asking for the personal variant without a reveal changes nothing: the policy still masks.
    const unrevealedPreview = await request("POST", `documents/${documentId}/messages/preview`, fx.tokens.staff, {
      ...draft,
      personal: true,
    });
    expect(unrevealedPreview.status, unrevealedPreview.text).toBe(200);
    expect(unrevealedPreview.text).not.toMatch(/Maria|maria@example/);
    const unrevealedPage = await request("GET", `documents/${documentId}?personal=1`, fx.tokens.staff);
    expect(unrevealedPage.status, unrevealedPage.text).toBe(200);
    expect(JSON.stringify(unrevealedPage.body.messages)).not.toMatch(/Maria|maria@example/);

    const reveal = await request("POST", `documents/${documentId}/reveal`, fx.tokens.staff);
    expect(reveal.status, reveal.text).toBe(200);
    expect(reveal.body.name).toBe(CUSTOMER.name);

    // After the reveal the same reads show what the reveal showed: the preview's text and recipient, the sent
    // messages' recipient and text — and they write no further audit row (the reveal is the logged act).
    const preview = await request("POST", `documents/${documentId}/messages/preview`, fx.tokens.staff, {
      ...draft,
      personal: true,
    });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.body).toContain("Maria da Silva");
    expect(preview.body.recipient).toBe(CUSTOMER.email);
    const status = await request("POST", `documents/${documentId}/messages/preview`, fx.tokens.staff, {
      kind: "status",
      status_id: fx.statusIds["Novo"],
      personal: true,
    });
    expect(status.status, status.text).toBe(200);
    const page = await request("GET", `documents/${documentId}?personal=1`, fx.tokens.staff);
    expect(page.status, page.text).toBe(200);
    const sent = page.body.messages.find((message: Json) => message.text?.includes("Seu pedido foi recebido"));
    expect(sent).toMatchObject({ recipient: CUSTOMER.email });
    expect(sent.text).toContain("Maria da Silva");
    // The reply is also a note on the page: its text follows the same rule.
    expect(JSON.stringify(page.body.observations)).toContain("Seu pedido foi recebido, Maria da Silva.");
    expect(await reveals()).toBe(before + 1);

    // Without the flag the page and the preview stay masked (the reveal lives in that page's memory only), and the
    // viewer, who cannot reveal, never reads the personal variant.
    const plain = await request("GET", `documents/${documentId}`, fx.tokens.staff);
    expect(JSON.stringify(plain.body.messages)).not.toMatch(/Maria|maria@example/);
    expect(JSON.stringify(plain.body.observations)).toContain("Seu pedido foi recebido, ***.");
    const viewerPage = await request("GET", `documents/${documentId}?personal=1`, fx.tokens.viewer);
    expect(viewerPage.status, viewerPage.text).toBe(200);
    expect(JSON.stringify(viewerPage.body)).not.toMatch(/Maria|maria@example/);
  });

  it("reveals nothing on the page when the policy masks nothing (no 'Revelar')", async () => {
    await setPolicy("staff", []);
    const page = await request("GET", `documents/${documentId}`, fx.tokens.staff);
    expect(page.body.document).toMatchObject({ name: CUSTOMER.name, email: CUSTOMER.email, phone: CUSTOMER.phone });
    expect(page.body.permissions.can_reveal).toBe(false);
    await setPolicy("staff", ["cpf", "email", "phone"]);
  });
});

describe("the clear export", () => {
  const filter = encodeURIComponent(JSON.stringify({ cpf: CUSTOMER.cpf }));
  const audits = () =>
    app.db.auditLog.count({ where: { instanceId: fx.instanceId, action: "document.export", reason: { not: null } } });

  it("is refused by GET, even to an admin: a link on another site cannot start it", async () => {
    const before = await audits();
    const link = await fetch(
      `${app.baseUrl}/api/documents/export.csv?filter=${filter}&unmasked=1&reason=pedido%20do%20site%20alheio`,
      { headers: { cookie: adminCookie } },
    );
    const text = await link.text();
    expect(link.status, text).toBe(400);
    expect(text).not.toContain("529.982.247-25");
    const xlsx = await fetch(`${app.baseUrl}/api/documents/export.xlsx?unmasked=1&reason=pedido%20alheio`, {
      headers: { authorization: `Bearer ${fx.tokens.admin}` },
    });
    expect(xlsx.status).toBe(400);
    expect(await audits()).toBe(before);
    // The masked file stays a GET.
    const masked = await fetch(`${app.baseUrl}/api/documents/export.csv?filter=${filter}`, {
      headers: { cookie: adminCookie },
    });
    expect(masked.status).toBe(200);
    const maskedText = await masked.text();
    expect(maskedText).toContain("***.982.247-**");
    expect(maskedText).not.toContain("529.982.247-25");
  });

  it("leaves by POST from our own page (same origin) or the API, with the reason typed there, audited", async () => {
    const before = await audits();
    const body = JSON.stringify({ filter: { cpf: CUSTOMER.cpf }, unmasked: true, reason: "pedido do jurídico" });
    const crossSite = await fetch(`${app.baseUrl}/api/documents/export.csv`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: adminCookie, origin: "https://evil.example" },
      body,
    });
    expect(crossSite.status).toBe(403);
    expect(await audits()).toBe(before);

    const ours = await fetch(`${app.baseUrl}/api/documents/export.csv`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: adminCookie, origin },
      body,
    });
    const text = await ours.text();
    expect(ours.status, text).toBe(200);
    expect(text).toContain("529.982.247-25");
    expect(ours.headers.get("content-disposition")).toMatch(/attachment; filename="documentos-.*\.csv"/);
    expect(await audits()).toBe(before + 1);
    const entry = await app.db.auditLog.findFirst({
      where: { instanceId: fx.instanceId, action: "document.export", reason: { not: null } },
      orderBy: { id: "desc" },
    });
    expect(entry?.reason).toBe("pedido do jurídico");
    expect(entry?.details).toMatchObject({ rows: 1, clear: true, format: "csv" });

    const api = await fetch(`${app.baseUrl}/api/documents/export.xlsx`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${fx.tokens.admin}` },
      body,
    });
    expect(api.status).toBe(200);
    expect(await audits()).toBe(before + 2);

    const noReason = await fetch(`${app.baseUrl}/api/documents/export.csv`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${fx.tokens.admin}` },
      body: JSON.stringify({ filter: {}, unmasked: true }),
    });
    expect(noReason.status).toBe(400);
    const staff = await fetch(`${app.baseUrl}/api/documents/export.csv`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${fx.tokens.staff}` },
      body,
    });
    expect(staff.status).toBe(403);
    expect(await audits()).toBe(before + 2);
  });
});

describe("the webhook delivery view", () => {
  it("masks the stored payload by the admin's policy; the reveal shows it in clear and is audited", async () => {
    await setPolicy("admin", ALL);
    const endpoints = await request("GET", "admin/webhooks", fx.tokens.admin);
    const deliveryId = endpoints.body.items[0].deliveries[0].id as number;
    const detail = await request("GET", `admin/webhooks/deliveries/${deliveryId}`, fx.tokens.admin);
    expect(detail.status, detail.text).toBe(200);
    expect(detail.body.payload.data).toMatchObject({ id: documentId, name: "M**** d* S****" });
    for (const value of [CUSTOMER.name, "Maria", CUSTOMER.email, CUSTOMER.cpf, "52998224725", "99999-1234"]) {
      expect(detail.text).not.toContain(value);
    }
    expect(detail.body.personal_data).toBe("masked");

    const reveal = await request("POST", `admin/webhooks/deliveries/${deliveryId}/reveal`, fx.tokens.admin, {});
    expect(reveal.status, reveal.text).toBe(200);
    expect(reveal.body.payload.data).toMatchObject({ name: CUSTOMER.name, email: CUSTOMER.email });
    expect(reveal.body.personal_data).toBe("clear");
    const audit = await app.db.auditLog.findFirst({
      where: { instanceId: fx.instanceId, action: "webhook.delivery_reveal" },
      orderBy: { id: "desc" },
    });
    expect(audit?.details).toMatchObject({ delivery_id: deliveryId });
    expect(JSON.stringify(audit?.details)).not.toContain("Maria");

    // A cross-site page cannot reveal with the admin's cookie.
    const crossSite = await fetch(`${app.baseUrl}/api/admin/webhooks/deliveries/${deliveryId}/reveal`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: adminCookie, origin: "https://evil.example" },
      body: "{}",
    });
    expect(crossSite.status).toBe(403);

    // With a policy that masks nothing, the view is clear without a reveal.
    await setPolicy("admin", []);
    const clear = await request("GET", `admin/webhooks/deliveries/${deliveryId}`, fx.tokens.admin);
    expect(clear.body.payload.data).toMatchObject({ name: CUSTOMER.name, cpf: CUSTOMER.cpf });
    expect(clear.body.personal_data).toBe("clear");
    await app.db.maskingPolicy.deleteMany({ where: { instanceId: fx.instanceId, role: "admin" } });
  });
});

describe("the webhook console's list", () => {
  it("masks a receiver's answer that echoes the customer's data, like the delivery view; the reveal shows it", async () => {
    await setPolicy("admin", ALL);
    // An integrator whose answer repeats what it got: the customer's CPF, name and e-mail.
    const echo = await startWebhookReceiver(0, {
      answerWith: (json) =>
        JSON.stringify({ accepted: json.data?.cpf, cliente: json.data?.name, contato: json.data?.email }),
    });
    try {
      const endpoint = await request("POST", "admin/webhooks", fx.tokens.admin, {
        url: echo.url,
        events: ["document.created"],
        payload: "full",
      });
      expect(endpoint.status, endpoint.text).toBe(201);
      const customer = { cpf: "153.509.460-56", name: "Joana Prado", email: "joana.prado@example.com" };
      const created = await request("POST", "document/create", fx.tokens.admin, {
        status_id: fx.statusIds["Novo"],
        product_id: fx.productId,
        ...customer,
      });
      expect(created.status, created.text).toBe(200);
      await app.db.outboxMessage.updateMany({ where: { status: "pending" }, data: { notBefore: new Date() } });
      await processDueDeliveries({ owner: "masking-surfaces-test" });
      await echo.waitFor(1);
      const list = await request("GET", "admin/webhooks", fx.tokens.admin);
      expect(list.status, list.text).toBe(200);
      const listText = list.text;
      const listed: Json | undefined = list.body.items
        .find((item: Json) => item.id === endpoint.body.id)
        ?.deliveries.find((delivery: Json) => delivery.document_id === created.body.id);
      expect(listed?.status).toBe("sent");
      expect(listed?.last_status).toBe(200);
      expect(listed?.last_response).toContain("***");
      for (const value of [customer.name, "Joana", customer.email, customer.cpf, "15350946056"]) {
        expect(listText).not.toContain(value);
      }

      // The same reveal as the delivery view: its answer in clear, audited.
      const reveal = await request("POST", `admin/webhooks/deliveries/${listed!.id}/reveal`, fx.tokens.admin, {});
      expect(reveal.status, reveal.text).toBe(200);
      expect(reveal.body.last_response).toContain(customer.name);
      expect(reveal.body.last_response).toContain(customer.email);

      // A policy that masks nothing lists the answer as the receiver wrote it.
      await setPolicy("admin", []);
      const clear = await request("GET", "admin/webhooks", fx.tokens.admin);
      expect(clear.text).toContain(customer.email);
    } finally {
      await echo.close();
      await app.db.maskingPolicy.deleteMany({ where: { instanceId: fx.instanceId, role: "admin" } });
    }
  });
});
