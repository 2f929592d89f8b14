// The customer's tracking page API over real HTTP on a real database: lookup by protocol + CPF/CNPJ
// (the same 404 for a wrong protocol or identifier; failures throttled per protocol and address, and per address), signed links,
// what the view shows and never shows, and uploads of requested files (type, content and size limits; staff see
// them on the document page and in its history; downloads never inline). Runs on PGlite and PostgreSQL.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { trackingLink, trackingToken, verifyTrackingToken } from "@/lib/outbox/server/tracking-link.ts";
import { TRACKING_LIMITS } from "@/lib/tracking/server/throttle.ts";
import { createInstanceFixture, type InstanceFixture } from "./helpers/fixtures.ts";
import { postFrom } from "./helpers/post-from.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";
import { samplePdf } from "./helpers/sample-files.ts";

type Json = Record<string, any>;

let app: TestApp;
let fx: InstanceFixture;
let document: Json;
let requestId: number;

const CUSTOMER = {
  cpf: "111.444.777-35",
  name: "Rosa Tavares",
  email: "rosa.tavares@example.org",
  phone: "+55 31 99876-1122",
};
const PDF = samplePdf();

async function staff(method: string, route: string, body?: unknown): Promise<Json> {
  const response = await fetch(`${app.baseUrl}/api/${route}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${fx.tokens.admin}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.status, `${method} ${route}: ${text}`).toBeLessThan(300);
  return JSON.parse(text) as Json;
}

const lookup = (protocol: string, identifier: string, headers: Record<string, string> = {}) =>
  app.post("tracking/lookup", { protocol, identifier }, { headers });

function upload(token: string, request: number, bytes: Uint8Array, type: string, name = "cnh.pdf") {
  const form = new FormData();
  form.append("file", new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), name);
  return fetch(`${app.baseUrl}/api/tracking/upload?request_id=${request}`, {
    method: "POST",
    headers: { "x-tracking-token": token },
    body: form,
  });
}

beforeAll(async () => {
  app = await startTestApp();
  fx = await createInstanceFixture(app.db, "default");
  await staff("PATCH", `admin/settings/statuses/${fx.statusIds["Aguardando documentos"]}`, {
    public_name: "Aguardando seus documentos",
  });
  document = await staff("POST", "document/create", {
    status_id: fx.statusIds["Em análise"],
    product_id: fx.productId,
    sla_total: 48,
    ...CUSTOMER,
  });
  await staff("POST", "document/updateById", { id: document.id, status_id: fx.statusIds["Aguardando documentos"] });
  await staff("POST", `documents/${document.id}/observations`, { text: "Falta a CNH.", visibility: "customer" });
  await staff("POST", `documents/${document.id}/observations`, { text: "Cliente difícil.", visibility: "internal" });
  requestId = Number(
    (await staff("POST", `documents/${document.id}/attachments/requests`, { file_name: "CNH", note: "Frente e verso" }))
      .id,
  );
});
afterAll(async () => app?.close());
afterEach(() => {
  delete process.env.TRUST_PROXY;
});

describe("lookup", () => {
  it("finds the document by protocol and CPF in any punctuation, and shows only the workflow", async () => {
    const response = await lookup(` ${String(document.protocol)} `, "11144477735");
    expect(response.status).toBe(200);
    const text = await response.text();
    const { token, view } = JSON.parse(text) as Json;
    expect(verifyTrackingToken(token)).toBe(document.uuid);
    expect(view).toEqual({
      protocol: document.protocol,
      product: "Seguro Auto",
      steps: [
        { name: "Triagem", current: false },
        { name: "Análise", current: true },
        { name: "Execução", current: false },
        { name: "Conclusão", current: false },
      ],
      status: "Aguardando seus documentos",
      finished: false,
      paused: true,
      read_only: false,
      company: null, // the fixture's instance is named only by its slug, never shown to the customer

      sla_end: expect.any(String),
      date_finished: null,
      observations: [{ id: expect.any(Number), text: "Falta a CNH.", created_at: expect.any(String), from: "team" }],
      sent_files: [],
      brand: {
        logo_url: null,
        help_email: null,
        help_phone: null,
        whatsapp_url: null,
        privacy_url: "/acompanhar/privacidade",
      },
      pending_requests: [{ id: requestId, name: "CNH", note: "Frente e verso", created_at: expect.any(String) }],
    });
    // Nothing personal, and nothing internal.
    for (const secret of ["Rosa", "rosa.tavares", "99876", "11144477735", "111.444", "difícil"]) {
      expect(text).not.toContain(secret);
    }
  });

  it("finds the protocol typed without the hyphen, with dots or spaces (issue 22 finding 6)", async () => {
    const protocol = String(document.protocol);
    const bare = protocol.replace(/\D/g, "");
    for (const typed of [bare, `${bare.slice(0, 8)} ${bare.slice(8)}`, `${bare.slice(0, 8)}.${bare.slice(8)}`]) {
      const response = await lookup(typed, CUSTOMER.cpf);
      expect(response.status, typed).toBe(200);
      const { view } = (await response.json()) as Json;
      expect(view.protocol).toBe(protocol);
      // Paused (a "pause" status): the answer says so, and the page shows that instead of a deadline.
      expect(view.paused).toBe(true);
    }
    expect((await lookup(`${bare}1`, CUSTOMER.cpf)).status).toBe(404);
  });

  it("answers a wrong protocol and a wrong identifier alike", async () => {
    const wrongProtocol = await lookup("20200101-999999", CUSTOMER.cpf);
    const wrongIdentifier = await lookup(String(document.protocol), "123.456.789-09");
    expect(wrongProtocol.status).toBe(404);
    expect(wrongIdentifier.status).toBe(404);
    const body = await wrongProtocol.json();
    expect(body).toEqual({
      status: "error",
      message: "Protocol and identifier do not match any document",
      error: "NotFound: Protocol and identifier do not match any document",
      code: "tracking_not_found",
    });
    expect(await wrongIdentifier.json()).toEqual(body);
  });

  it("requires both fields", async () => {
    expect((await app.post("tracking/lookup", { protocol: String(document.protocol) })).status).toBe(400);
    expect((await lookup("", CUSTOMER.cpf)).status).toBe(400);
  });
});

describe("signed links", () => {
  it("open the view; a tampered or expired token answers the same 404", async () => {
    const link = new URL(trackingLink(String(document.uuid)));
    expect(link.pathname).toBe("/acompanhar");
    const token = link.searchParams.get("t")!;
    const ok = await app.post("tracking/view", { token });
    expect(ok.status).toBe(200);
    expect((await ok.json()).protocol).toBe(document.protocol);
    const tampered = token.replace(/.$/, (c) => (c === "A" ? "B" : "A"));
    expect((await app.post("tracking/view", { token: tampered })).status).toBe(404);
    const expired = trackingToken(String(document.uuid), new Date(Date.now() - 40 * 86_400_000));
    expect(verifyTrackingToken(expired)).toBeNull();
    expect((await app.post("tracking/view", { token: expired })).status).toBe(404);
  });

  it("serves the page itself for a link", async () => {
    const page = await fetch(`${app.baseUrl}${new URL(trackingLink(String(document.uuid))).pathname}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Acompanhe seu protocolo");
  });
});

describe("uploads", () => {
  it("refuses other types, lying content and oversized files; accepts the requested PDF once", async () => {
    const token = trackingToken(String(document.uuid));
    expect((await upload(token, requestId, new TextEncoder().encode("hello"), "text/plain", "a.txt")).status).toBe(415);
    expect(
      (await upload(token, requestId, new TextEncoder().encode("MZ\x90\x00 not a pdf"), "application/pdf")).status,
    ).toBe(415);
    process.env.TRACKING_UPLOAD_MAX_BYTES = "20";
    expect((await upload(token, requestId, PDF, "application/pdf")).status).toBe(413);
    delete process.env.TRACKING_UPLOAD_MAX_BYTES;
    expect((await upload("forged.token", requestId, PDF, "application/pdf")).status).toBe(404);

    const sent = await upload(token, requestId, PDF, "application/pdf");
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ id: requestId, name: "cnh.pdf", size: PDF.byteLength });
    // Fulfilled: no longer pending, not accepted again.
    expect((await upload(token, requestId, PDF, "application/pdf")).status).toBe(404);
    expect((await (await app.post("tracking/view", { token })).json()).pending_requests).toEqual([]);

    // Staff see it on the document page and in the history, and download it (never inline).
    const page = await staff("GET", `documents/${document.id}`);
    // The upload is credited to the customer, not to the staff member who requested it, and
    // the requested document's name stays beside the file's own name — on the page and in loadById.
    expect(page.attachments).toEqual([
      expect.objectContaining({
        id: requestId,
        state: "uploaded",
        file_name: "cnh.pdf",
        request_name: "CNH",
        author: "cliente (página de acompanhamento)",
      }),
    ]);
    const loaded = await staff("POST", "document/loadById", { id: document.id });
    expect(loaded.attachment).toEqual([
      expect.objectContaining({
        file_name: "cnh.pdf",
        request_name: "CNH",
        author: "cliente (página de acompanhamento)",
        user: { name: "cliente (página de acompanhamento)" },
      }),
    ]);
    const history = await staff("GET", `documents/${document.id}/history`);
    expect(JSON.stringify(history)).toContain("cliente (página de acompanhamento)");
    const download = await fetch(`${app.baseUrl}/api/documents/${document.id}/attachments/${requestId}`, {
      headers: { authorization: `Bearer ${fx.tokens.viewer}` },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toMatch(/^attachment/);
    expect(download.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(PDF);
  });
});

describe("abuse", () => {
  const lookupFrom = (from: string, protocol: string, identifier: string) =>
    postFrom(app.baseUrl, from, "/api/tracking/lookup", JSON.stringify({ protocol, identifier }));

  it("locks a protocol for the address that failed 5 times on it; the customer elsewhere still gets in", async () => {
    const target = String(document.protocol);
    const stranger = "127.0.0.21";
    for (let i = 0; i < 5; i += 1) expect((await lookupFrom(stranger, target, `0000000000${i}`)).status).toBe(404);
    const locked = await lookupFrom(stranger, target, CUSTOMER.cpf);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(0);
    expect(JSON.parse(locked.text)).toEqual({
      status: "error",
      message: "Too many attempts, try again later",
      error: "TooManyRequests: Too many attempts, try again later",
      code: "tracking_throttled",
    });
    // The stranger's failures do not lock the customer out of their own protocol.
    const customer = await lookupFrom("127.0.0.22", target, CUSTOMER.cpf);
    expect(customer.status, customer.text).toBe(200);
    expect(verifyTrackingToken((JSON.parse(customer.text) as Json).token)).toBe(document.uuid);
  });

  it("locks an address after 20 failures across protocols", async () => {
    const sweeper = "127.0.0.23";
    for (let i = 0; i < 20; i += 1) {
      expect((await lookupFrom(sweeper, `20990101-${String(i).padStart(6, "0")}`, "1")).status).toBe(404);
    }
    expect((await lookupFrom(sweeper, "20990101-777777", "1")).status).toBe(429);
    expect((await lookupFrom(sweeper, String(document.protocol), CUSTOMER.cpf)).status).toBe(429);
  });

  it("counts an IPv6 client per /64: new addresses in one /64 meet the same brakes", async () => {
    process.env.TRUST_PROXY = "1";
    const target = String(document.protocol);
    const from = (host: number) => ({ "x-forwarded-for": `2001:db8:77:1:${host.toString(16)}::1` });
    const lookupV6 = (host: number, identifier: string) =>
      postFrom(
        app.baseUrl,
        "127.0.0.24",
        "/api/tracking/lookup",
        JSON.stringify({ protocol: target, identifier }),
        from(host),
      );
    const statuses: number[] = [];
    for (let i = 0; i < TRACKING_LIMITS.protocolFromAddress + 2; i += 1) {
      statuses.push((await lookupV6(i + 1, `0000000001${i}`)).status);
    }
    // Before: each /128 was its own client, so the ~1,000 candidates behind a masked CPF could be tried from one /64.
    expect(statuses).toEqual([...Array(TRACKING_LIMITS.protocolFromAddress).fill(404), 429, 429]);
    // Another /64 is another client: the customer there gets in.
    const customer = await postFrom(
      app.baseUrl,
      "127.0.0.24",
      "/api/tracking/lookup",
      JSON.stringify({ protocol: target, identifier: CUSTOMER.cpf }),
      { "x-forwarded-for": "2001:db8:77:2::1" },
    );
    expect(customer.status, customer.text).toBe(200);
  });

  it("a protocol tried from many addresses turns to 'use the link in your e-mail'; the link keeps working", async () => {
    const other = await staff("POST", "document/create", {
      status_id: fx.statusIds["Em análise"],
      product_id: fx.productId,
      cpf: "529.982.247-25",
      name: "Outra Cliente",
    });
    const target = String(other.protocol);
    // Failures spread over addresses, each below the per-address brakes (4 per address for this protocol).
    let failures = 0;
    for (let address = 40; failures < TRACKING_LIMITS.protocol; address += 1) {
      for (let i = 0; i < 4 && failures < TRACKING_LIMITS.protocol; i += 1, failures += 1) {
        const answer = await lookupFrom(`127.0.1.${address}`, target, `${address}00000000${i}`);
        expect(answer.status, answer.text).toBe(404);
      }
    }
    // Before: the sweep went on (no per-protocol ceiling). Now the form stops answering for this protocol, to
    // everyone alike (else it would tell the right CPF apart), and says where to look instead.
    const paused = await lookupFrom("127.0.1.200", target, "529.982.247-25");
    expect(paused.status).toBe(429);
    expect(Number(paused.headers["retry-after"])).toBeGreaterThan(0);
    expect(JSON.parse(paused.text)).toMatchObject({ status: "error", code: "tracking_use_email_link" });
    // The signed link of the customer's e-mail still opens the page; other protocols are untouched.
    const view = await app.post("tracking/view", { token: trackingToken(String(other.uuid)) });
    expect(view.status).toBe(200);
    const elsewhere = await lookupFrom("127.0.1.201", String(document.protocol), CUSTOMER.cpf);
    expect(elsewhere.status, elsewhere.text).toBe(200);
  });
});
