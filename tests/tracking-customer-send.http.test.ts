// Over real HTTP on the built app and a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): the tracking
// page's company settings (name, logo uploaded and sniffed, help channel, privacy notice) set by an admin
// and shown in the view; the customer's own file and short reply without any request from the team, credited to the
// customer on the staff page and in the history, braked per document; the files already sent listed in the view.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { trackingToken } from "@/lib/outbox/server/tracking-link.ts";
import { createInstanceFixture, type InstanceFixture } from "./helpers/fixtures.ts";
import { samplePdf } from "./helpers/sample-files.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";

type Json = Record<string, any>;

let app: TestApp;
let fx: InstanceFixture;
let document: Json;
let token: string;

const CUSTOMER_LABEL = "cliente (página de acompanhamento)";
const text = (value: string) => new TextEncoder().encode(value);
const concat = (...parts: Array<Uint8Array | number[]>) => new Uint8Array(parts.flatMap((part) => [...part]));
const u32be = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const pngChunk = (type: string, data: number[]) => concat(u32be(data.length), text(type), data, [0, 0, 0, 0]);
const PNG = concat(
  [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  pngChunk("IHDR", [0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]),
  pngChunk("IDAT", [1, 2, 3]),
  pngChunk("IEND", []),
);
const PDF = samplePdf();

async function call(method: string, route: string, body?: unknown, token = fx.tokens.admin) {
  const response = await fetch(`${app.baseUrl}/api/${route}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await response.text();
  return { status: response.status, body: answer ? (JSON.parse(answer) as Json) : null };
}

function multipart(bytes: Uint8Array, type: string, name: string) {
  const form = new FormData();
  form.append("file", new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), name);
  return form;
}

const sendLogo = (bytes: Uint8Array, type: string, name: string, as = fx.tokens.admin) =>
  fetch(`${app.baseUrl}/api/admin/settings/tracking-page/logo`, {
    method: "PUT",
    headers: { authorization: `Bearer ${as}` },
    body: multipart(bytes, type, name),
  });

// Each test calls the tracking routes from its own address (TRUST_PROXY=1 + X-Forwarded-For), so the per-address
// brake of 60 a minute — not under test here — is not what answers.
let from = "10.22.0.1";
const asCustomer = () => ({ "x-forwarded-for": from });

const upload = (bytes: Uint8Array, type: string, name: string, query = "") =>
  fetch(`${app.baseUrl}/api/tracking/upload${query}`, {
    method: "POST",
    headers: { "x-tracking-token": token, ...asCustomer() },
    body: multipart(bytes, type, name),
  });

const view = async () => (await (await app.post("tracking/view", { token }, { headers: asCustomer() })).json()) as Json;
const reply = (body: Json) => app.post("tracking/reply", body, { headers: asCustomer() });

let trustProxy: string | undefined;
beforeAll(async () => {
  trustProxy = process.env.TRUST_PROXY;
  process.env.TRUST_PROXY = "1";
  app = await startTestApp();
  fx = await createInstanceFixture(app.db, "default");
  const created = await call("POST", "document/create", {
    status_id: fx.statusIds["Novo"],
    product_id: fx.productId,
    cpf: "111.444.777-35",
  });
  document = created.body!;
  token = trackingToken(String(document.uuid));
});
afterAll(async () => {
  if (trustProxy === undefined) delete process.env.TRUST_PROXY;
  else process.env.TRUST_PROXY = trustProxy;
  await app?.close();
});
beforeEach(() => {
  from = `10.22.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
});

describe("the tracking page's company settings", () => {
  it("are set by an admin (validated, audited) and shown in the customer's view", async () => {
    const before = await view();
    expect(before.brand).toEqual({
      logo_url: null,
      help_email: null,
      help_phone: null,
      whatsapp_url: null,
      privacy_url: "/acompanhar/privacidade",
    });
    const defaults = await call("GET", "admin/settings/tracking-page");
    expect(defaults.status).toBe(200);
    // The fixture's instance is named only by its slug: the page names no company, the admin sees the instance's name.
    expect(before.company).toBeNull();
    expect(defaults.body).toMatchObject({ company_name: null, logo: null, default_name: "default" });
    expect((await call("GET", "admin/settings/tracking-page", undefined, fx.tokens.staff)).status).toBe(403);
    expect((await call("PUT", "admin/settings/tracking-page", {}, fx.tokens.staff)).status).toBe(403);

    const refused = await call("PUT", "admin/settings/tracking-page", {
      help_email: "not-an-email",
      help_whatsapp: "123",
      privacy_url: "http://insecure.example/privacidade",
      help_phone: "ligue já",
    });
    expect(refused.status).toBe(400);
    expect(refused.body!.errors.map((error: Json) => error.path).sort()).toEqual([
      "help_email",
      "help_phone",
      "help_whatsapp",
      "privacy_url",
    ]);

    const saved = await call("PUT", "admin/settings/tracking-page", {
      company_name: "Corretora Horizonte",
      help_email: "atendimento@horizonte.example",
      help_phone: "(11) 3333-4444",
      help_whatsapp: "+55 (11) 98765-4321",
      privacy_url: "https://horizonte.example/privacidade",
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ company_name: "Corretora Horizonte", help_whatsapp: "5511987654321" });
    const after = await view();
    expect(after.company).toBe("Corretora Horizonte");
    expect(after.brand).toEqual({
      logo_url: null,
      help_email: "atendimento@horizonte.example",
      help_phone: "(11) 3333-4444",
      whatsapp_url: "https://wa.me/5511987654321",
      privacy_url: "https://horizonte.example/privacidade",
    });
    const audit = await app.db.auditLog.findMany({
      where: { instanceId: fx.instanceId, action: "instance.tracking_page_update" },
    });
    expect(audit).toHaveLength(1);

    // Cleared fields fall back: the instance's name and the built-in privacy notice.
    await call("PUT", "admin/settings/tracking-page", { company_name: "", privacy_url: null });
    const cleared = await view();
    expect(cleared.company).toBe(before.company);
    expect(cleared.brand.privacy_url).toBe("/acompanhar/privacidade");
    expect(cleared.brand.help_email).toBeNull();
  });

  it("takes a logo judged by its content, serves it with nosniff, refuses other files, and removes it", async () => {
    expect((await sendLogo(PNG, "image/png", "logo.png", fx.tokens.staff)).status).toBe(403);
    // A PDF (a customer file type, but not an image), HTML named .png, an SVG: all refused by content.
    expect((await sendLogo(PDF, "image/png", "logo.png")).status).toBe(415);
    expect((await sendLogo(text("<html><script>alert(1)</script></html>"), "image/png", "logo.png")).status).toBe(415);
    expect((await sendLogo(text('<svg xmlns="http://www.w3.org/2000/svg"/>'), "image/svg+xml", "l.svg")).status).toBe(
      415,
    );
    const big = new Uint8Array(600 * 1024);
    expect((await sendLogo(big, "image/png", "big.png")).status).toBe(413);

    const sent = await sendLogo(PNG, "application/octet-stream", "marca.bin");
    expect(sent.status).toBe(200);
    const settings = (await sent.json()) as Json;
    expect(settings.logo).toMatchObject({ media_type: "image/png", size: PNG.byteLength });
    const shown = await view();
    expect(shown.brand.logo_url).toBe(settings.logo.url);
    expect(shown.brand.logo_url).toMatch(new RegExp(`^/api/tracking/logo/${fx.instanceId}\\?v=[0-9a-f]{16}$`));

    const served = await fetch(`${app.baseUrl}${shown.brand.logo_url}`, { headers: asCustomer() });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);

    expect((await call("DELETE", "admin/settings/tracking-page/logo")).body!.logo).toBeNull();
    expect((await fetch(`${app.baseUrl}/api/tracking/logo/${fx.instanceId}`)).status).toBe(404);
    expect((await view()).brand.logo_url).toBeNull();
    expect((await fetch(`${app.baseUrl}/api/tracking/logo/abc`)).status).toBe(404);
  });
});

describe("what the customer sends without a request", () => {
  it("a file of their own: credited to the customer, listed on the page, braked per document", async () => {
    expect((await view()).sent_files).toEqual([]);
    // The query is read by the contract: a request_id that is not a positive integer is a 400 naming it.
    const badQuery = await upload(PDF, "application/pdf", "x.pdf", "?request_id=abc");
    expect(badQuery.status).toBe(400);
    expect(((await badQuery.json()) as Json).errors).toEqual([expect.objectContaining({ path: "request_id" })]);
    expect((await upload(PDF, "application/pdf", "x.pdf", "?request_id=999999")).status).toBe(404);
    expect((await upload(text("hello"), "application/pdf", "x.pdf")).status).toBe(415);

    const sent = await upload(PDF, "application/pdf", "comprovante de residência.pdf");
    expect(sent.status).toBe(200);
    const answer = (await sent.json()) as Json;
    expect(answer).toEqual({ id: expect.any(Number), name: "comprovante de residência.pdf", size: PDF.byteLength });

    // A file staff uploaded is not listed to the customer (nothing of the team's is shared on this page).
    const form = multipart(PDF, "application/pdf", "parecer-interno.pdf");
    const staffUpload = await fetch(`${app.baseUrl}/api/documents/${document.id}/attachments`, {
      method: "POST",
      headers: { authorization: `Bearer ${fx.tokens.staff}` },
      body: form,
    });
    expect(staffUpload.status).toBeLessThan(300);

    const listed = (await view()).sent_files;
    expect(listed).toEqual([
      { id: answer.id, name: "comprovante de residência.pdf", request_name: null, created_at: expect.any(String) },
    ]);
    expect(Math.abs(Date.parse(listed[0].created_at) - Date.now())).toBeLessThan(120_000);

    const page = (await call("GET", `documents/${document.id}`)).body!;
    expect(page.attachments).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: answer.id, author: CUSTOMER_LABEL, request_name: null, state: "uploaded" }),
      ]),
    );
    const history = (await call("GET", `documents/${document.id}/history`)).body!;
    expect(JSON.stringify(history)).toContain("comprovante de residência.pdf");
    expect(JSON.stringify(history)).toContain(CUSTOMER_LABEL);

    // Ten an hour per document: the eleventh is refused with Retry-After, and nothing is stored.
    for (let index = 2; index <= 10; index += 1) {
      expect((await upload(PDF, "application/pdf", `extra-${index}.pdf`)).status, `file ${index}`).toBe(200);
    }
    const refused = await upload(PDF, "application/pdf", "extra-11.pdf");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await refused.json()) as Json).code).toBe("tracking_quota");
    expect((await view()).sent_files).toHaveLength(10);
  });

  it("a short reply: a note credited to the customer, shown to staff and on the page as the customer's", async () => {
    expect((await reply({ token, text: "   " })).status).toBe(400);
    expect((await reply({ token, text: "x".repeat(2001) })).status).toBe(400);
    expect((await reply({ token: "forged", text: "oi" })).status).toBe(404);
    expect((await reply({ token, text: "oi", extra: 1 })).status).toBe(400);

    const staffNote = await call("POST", `documents/${document.id}/observations`, {
      text: "Recebemos seu pedido.",
      visibility: "customer",
    });
    expect(staffNote.status).toBeLessThan(300);
    const answered = await reply({ token, text: "  Enviei o comprovante, obrigado!  " });
    expect(answered.status).toBe(201);
    const replied = (await answered.json()) as Json;
    expect(replied).toEqual({ id: expect.any(Number), created_at: expect.any(String) });

    expect((await view()).observations).toEqual([
      { id: expect.any(Number), text: "Recebemos seu pedido.", created_at: expect.any(String), from: "team" },
      { id: replied.id, text: "Enviei o comprovante, obrigado!", created_at: replied.created_at, from: "customer" },
    ]);
    const page = (await call("GET", `documents/${document.id}`)).body!;
    expect(page.observations).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: replied.id, text: "Enviei o comprovante, obrigado!", author: CUSTOMER_LABEL }),
      ]),
    );
    const history = (await call("GET", `documents/${document.id}/history`)).body!;
    expect(JSON.stringify(history)).toContain("Enviei o comprovante, obrigado!");

    for (let index = 2; index <= 10; index += 1) {
      expect((await reply({ token, text: `mensagem ${index}` })).status, `reply ${index}`).toBe(201);
    }
    const refused = await reply({ token, text: "mais uma" });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as Json).code).toBe("tracking_quota");
  });
});
