// Every sender's upload goes through one gate, over real HTTP on the built app and a real database (PGlite and
// PostgreSQL): staff and integration tokens (the compatibility clients' kind) on both upload routes, and the customer's
// tracking page, all judged by the file's whole content against the instance's formats — never by the declared type
// or name; stored and served as `<uuid>.<sniffed extension>` with the sniffed type, as an attachment, nosniff. A PDF
// whose body is an HTML page is refused by every route. Files stored before the gate existed are served as bytes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { trackingToken } from "@/lib/outbox/server/tracking-link.ts";
import { createInstanceFixture, type InstanceFixture } from "./helpers/fixtures.ts";
import { SAMPLE_FILES, samplePdf } from "./helpers/sample-files.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";

type Json = Record<string, any>;

let app: TestApp;
let fx: InstanceFixture;
let other: InstanceFixture;

const GENERATED = (extension: string) =>
  new RegExp(`^attachment; filename="[0-9a-f-]{36}\\.${extension}"; filename\\*=UTF-8''[0-9a-f-]{36}\\.${extension}$`);

async function call(method: string, route: string, body?: unknown, token = fx.tokens.admin): Promise<Json> {
  const response = await fetch(`${app.baseUrl}/api/${route}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await response.text();
  expect(response.status, `${method} ${route}: ${answer}`).toBeLessThan(300);
  return JSON.parse(answer) as Json;
}

const newDocument = async (instance = fx) =>
  call(
    "POST",
    "document/create",
    { status_id: instance.statusIds["Novo"], product_id: instance.productId, cpf: "111.444.777-35" },
    instance.tokens.staff,
  );

async function send(route: string, bytes: Uint8Array, type: string, name: string, headers: Record<string, string>) {
  const form = new FormData();
  form.append("file", new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), name);
  const response = await fetch(`${app.baseUrl}/api/${route}`, { method: "POST", headers, body: form });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as Json };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const staffUpload = (documentId: number, bytes: Uint8Array, type: string, name: string, token = fx.tokens.staff) =>
  send(`documents/${documentId}/attachments`, bytes, type, name, bearer(token));
const staffFulfil = (documentId: number, requestId: number, bytes: Uint8Array, type: string, name: string) =>
  send(`documents/${documentId}/attachments/${requestId}/upload`, bytes, type, name, bearer(fx.tokens.staff));
const customerUpload = (document: Json, requestId: number, bytes: Uint8Array, type: string, name: string) =>
  send(`tracking/upload?request_id=${requestId}`, bytes, type, name, {
    "x-tracking-token": trackingToken(String(document.uuid)),
  });
const newRequest = async (documentId: number) =>
  Number((await call("POST", `documents/${documentId}/attachments/requests`, { file_name: "Documento" })).id);

const download = (documentId: number, attachmentId: number) =>
  fetch(`${app.baseUrl}/api/documents/${documentId}/attachments/${attachmentId}`, {
    headers: bearer(fx.tokens.viewer),
  });

beforeAll(async () => {
  app = await startTestApp();
  fx = await createInstanceFixture(app.db);
  other = await createInstanceFixture(app.db, "other-formats");
});
afterAll(async () => app?.close());

const HOSTILE = [
  ["an HTML application declared text/html", SAMPLE_FILES.hta, "text/html", "nota.hta"],
  ["a Windows shortcut named like a PDF", SAMPLE_FILES.lnk, "application/pdf", "fatura.pdf.lnk"],
  ["an SVG with a script", SAMPLE_FILES.svg, "image/svg+xml", "x.svg"],
  ["an MP4 posing as a HEIC photo", SAMPLE_FILES.mp4, "image/heic", "foto.heic"],
  ["a PDF header around an HTML body", SAMPLE_FILES.pdfWithHtmlBody, "application/pdf", "boleto.pdf"],
] as const;

describe("staff and integration uploads", () => {
  it("refuses what is not a whole file of an allowed format, whatever it is called or declared as, storing nothing", async () => {
    const document = await newDocument();
    for (const [label, bytes, type, name] of HOSTILE) {
      const sent = await staffUpload(document.id, bytes, type, name);
      expect(sent.status, `${label}: ${JSON.stringify(sent.body)}`).toBe(415);
      expect(sent.body).toMatchObject({ status: "error", code: "attachment_file_type" });
      expect(sent.body.params.formats).toBe("PDF, JPEG, PNG, WebP, HEIC, HEIF");
    }
    expect(await app.db.attachment.count({ where: { documentId: document.id } })).toBe(0);
  });

  it("refuses them when fulfilling a pending request too, which stays pending", async () => {
    const document = await newDocument();
    for (const [label, bytes, type, name] of HOSTILE) {
      const request = await newRequest(document.id);
      const sent = await staffFulfil(document.id, request, bytes, type, name);
      expect(sent.status, `${label}: ${JSON.stringify(sent.body)}`).toBe(415);
      const row = await app.db.attachment.findUniqueOrThrow({ where: { id: request } });
      expect(row.state, label).toBe("pending");
      expect(row.content, label).toBeNull();
    }
  });

  it("stores a whole PDF sent as fatura.hta under <uuid>.pdf and serves it as application/pdf, attachment, nosniff", async () => {
    const document = await newDocument();
    const pdf = samplePdf("fatura");
    const sent = await staffUpload(document.id, pdf, "application/hta", "fat\u202Eatr.hta");
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    // The sender's name is display text, cleaned of its right-to-left override; the type is the sniffed one.
    expect(sent.body).toMatchObject({ file_name: "fatatr.hta", media_type: "application/pdf", size: pdf.length });
    const served = await download(document.id, sent.body.id);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("application/pdf");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("content-disposition")).toMatch(GENERATED("pdf"));
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(pdf);

    const request = await newRequest(document.id);
    const fulfilled = await staffFulfil(document.id, request, SAMPLE_FILES.png, "text/html", "foto.html");
    expect(fulfilled.status, JSON.stringify(fulfilled.body)).toBe(200);
    expect(fulfilled.body).toMatchObject({ state: "uploaded", media_type: "image/png" });
    const photo = await download(document.id, request);
    expect(photo.headers.get("content-type")).toBe("image/png");
    expect(photo.headers.get("content-disposition")).toMatch(GENERATED("png"));
  });

  it("takes each format the instance allows, and only those", async () => {
    const document = await newDocument();
    for (const [extension, bytes] of [
      ["pdf", SAMPLE_FILES.pdf],
      ["png", SAMPLE_FILES.png],
      ["jpg", SAMPLE_FILES.jpeg],
      ["webp", SAMPLE_FILES.webp],
      ["heic", SAMPLE_FILES.heic],
    ] as const) {
      const sent = await staffUpload(document.id, bytes, "application/octet-stream", `arquivo.${extension}`);
      expect(sent.status, `${extension}: ${JSON.stringify(sent.body)}`).toBe(200);
      expect((await download(document.id, sent.body.id)).headers.get("content-disposition")).toMatch(
        GENERATED(extension),
      );
    }

    // An instance that takes PDFs only refuses photos from staff and from its customers; another keeps taking them.
    await app.db.instance.update({ where: { id: fx.instanceId }, data: { attachmentFormats: ["pdf"] } });
    try {
      const photo = await staffUpload(document.id, SAMPLE_FILES.png, "image/png", "foto.png");
      expect(photo.status).toBe(415);
      expect(photo.body.params).toEqual({ formats: "PDF" });
      const customer = await customerUpload(
        document,
        await newRequest(document.id),
        SAMPLE_FILES.jpeg,
        "image/jpeg",
        "a.jpg",
      );
      expect(customer.status).toBe(415);
      expect((await staffUpload(document.id, SAMPLE_FILES.pdf, "application/pdf", "a.pdf")).status).toBe(200);
      const elsewhere = await newDocument(other);
      expect(
        (await staffUpload(elsewhere.id, SAMPLE_FILES.png, "image/png", "foto.png", other.tokens.staff)).status,
      ).toBe(200);
    } finally {
      await app.db.instance.update({
        where: { id: fx.instanceId },
        data: { attachmentFormats: ["pdf", "jpg", "png", "webp", "heic", "heif"] },
      });
    }
  });

  it("answers another instance's document 404 before judging the file", async () => {
    const document = await newDocument();
    const foreign = await staffUpload(document.id, SAMPLE_FILES.hta, "text/html", "nota.hta", other.tokens.staff);
    expect(foreign.status).toBe(404);
  });
});

describe("the customer's tracking page", () => {
  it("refuses a PDF whose body is HTML, and the other hostile files, with 415", async () => {
    const document = await newDocument();
    for (const [label, bytes, type, name] of HOSTILE) {
      const request = await newRequest(document.id);
      const sent = await customerUpload(document, request, bytes, type, name);
      expect(sent.status, `${label}: ${JSON.stringify(sent.body)}`).toBe(415);
    }
    const whole = await customerUpload(
      document,
      await newRequest(document.id),
      SAMPLE_FILES.pdf,
      "application/pdf",
      "cnh.pdf",
    );
    expect(whole.status, JSON.stringify(whole.body)).toBe(200);
  });
});

describe("files stored before every upload was checked", () => {
  it("are served as bytes under a generated name, never as the type and name their sender declared", async () => {
    const document = await newDocument();
    const html = new TextEncoder().encode("<html><script>alert(document.cookie)</script></html>");
    const legacy = await app.db.attachment.create({
      data: {
        documentId: document.id,
        state: "uploaded",
        fileName: "nota.hta",
        mediaType: "text/html",
        size: html.length,
        content: html,
        authorLabel: "token:legacy",
        uploadedAt: new Date(),
      },
    });
    const served = await download(document.id, legacy.id);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("application/octet-stream");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("content-disposition")).toMatch(/^attachment; filename="anexo-\d+\.bin"/);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(html);

    // A legacy file that is a whole allowed one keeps being useful: served with its sniffed type and extension.
    const pdf = samplePdf("legado");
    const legacyPdf = await app.db.attachment.create({
      data: {
        documentId: document.id,
        state: "uploaded",
        fileName: "contrato.exe",
        mediaType: "application/x-msdownload",
        size: pdf.length,
        content: pdf,
        authorLabel: "token:legacy",
        uploadedAt: new Date(),
      },
    });
    const servedPdf = await download(document.id, legacyPdf.id);
    expect(servedPdf.headers.get("content-type")).toBe("application/pdf");
    expect(servedPdf.headers.get("content-disposition")).toMatch(/^attachment; filename="anexo-\d+\.pdf"/);
  });
});
