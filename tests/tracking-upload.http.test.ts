// Over real HTTP on the built app and a real database: a customer's upload is judged by its whole
// content, not by its declared type or name; it is stored under a generated name with the real type's extension, the
// customer's name kept only as sanitised display text; staff download it with the sniffed type, as an attachment,
// nosniff; and a token that is not validly signed is refused before the (up to 10 MiB) body is read.
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { trackingToken } from "@/lib/outbox/server/tracking-link.ts";
import { createInstanceFixture, type InstanceFixture } from "./helpers/fixtures.ts";
import { concat, SAMPLE_FILES, text } from "./helpers/sample-files.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";

type Json = Record<string, any>;

let app: TestApp;
let fx: InstanceFixture;
let document: Json;
let token: string;

const FILES = {
  ...SAMPLE_FILES,
  pdfPolyglot: text("%PDF-1.4\n<script>new ActiveXObject('WScript.Shell').Run('calc')</script>\n"),
};

async function staff(method: string, route: string, body?: unknown): Promise<Json> {
  const response = await fetch(`${app.baseUrl}/api/${route}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${fx.tokens.admin}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await response.text();
  expect(response.status, `${method} ${route}: ${answer}`).toBeLessThan(300);
  return JSON.parse(answer) as Json;
}

const newRequest = async () =>
  Number((await staff("POST", `documents/${document.id}/attachments/requests`, { file_name: "Documento" })).id);

function upload(request: number, bytes: Uint8Array, type: string, name: string, withToken = token) {
  const form = new FormData();
  form.append("file", new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), name);
  return fetch(`${app.baseUrl}/api/tracking/upload?request_id=${request}`, {
    method: "POST",
    headers: { "x-tracking-token": withToken },
    body: form,
  });
}

const download = (attachmentId: number) =>
  fetch(`${app.baseUrl}/api/documents/${document.id}/attachments/${attachmentId}`, {
    headers: { authorization: `Bearer ${fx.tokens.viewer}` },
  });

beforeAll(async () => {
  app = await startTestApp();
  fx = await createInstanceFixture(app.db);
  document = await staff("POST", "document/create", {
    status_id: fx.statusIds["Novo"],
    product_id: fx.productId,
    cpf: "111.444.777-35",
  });
  token = trackingToken(String(document.uuid));
});
afterAll(async () => app?.close());

describe("what a customer's file is", () => {
  it("takes whole PDFs and photos of every allowed kind, whatever type the browser declared", async () => {
    for (const [kind, bytes, type] of [
      ["pdf", FILES.pdf, "application/octet-stream"],
      ["png", FILES.png, "image/jpeg"],
      ["jpg", FILES.jpeg, "image/jpeg"],
      ["webp", FILES.webp, "image/webp"],
      ["heic", FILES.heic, "image/heic"],
    ] as const) {
      const id = await newRequest();
      const sent = await upload(id, bytes, type, `foto.${kind}`);
      expect(sent.status, `${kind}: ${await sent.clone().text()}`).toBe(200);
      const served = await download(id);
      expect(served.headers.get("content-disposition"), kind).toMatch(
        new RegExp(`^attachment; filename="[0-9a-f-]{36}\\.${kind}"`),
      );
    }
  });

  it("refuses a file that only starts like an allowed one, and an MP4 sent as image/heic", async () => {
    for (const [label, bytes, type, name] of [
      ["PDF header without its trailer", FILES.pdfPolyglot, "application/pdf", "comprovante.pdf"],
      ["PNG cut before IEND", FILES.png.subarray(0, FILES.png.length - 12), "image/png", "foto.png"],
      ["JPEG without its end marker", FILES.jpeg.subarray(0, FILES.jpeg.length - 2), "image/jpeg", "foto.jpg"],
      ["WebP longer than its RIFF says", concat(FILES.webp, new Array(64).fill(1)), "image/webp", "foto.webp"],
      ["MP4 declared as HEIC", FILES.mp4, "image/heic", "foto.heic"],
      ["HTML", text("<html><script>alert(1)</script></html>"), "application/pdf", "a.pdf"],
    ] as const) {
      const sent = await upload(await newRequest(), bytes, type, name);
      expect(sent.status, label).toBe(415);
    }
  });
});

describe("how it is stored and served", () => {
  it("a PDF named comprovante.hta is stored as <uuid>.pdf and served as application/pdf, attachment, nosniff", async () => {
    const id = await newRequest();
    const sent = await upload(id, FILES.pdf, "application/hta", "comprovante.hta");
    expect(sent.status).toBe(200);
    const served = await download(id);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("application/pdf");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    const disposition = served.headers.get("content-disposition")!;
    expect(disposition).toMatch(/^attachment; filename="[0-9a-f-]{36}\.pdf"; filename\*=UTF-8''[0-9a-f-]{36}\.pdf$/);
    expect(disposition).not.toContain("hta");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(FILES.pdf);
    // The customer's name stays as what staff read on the page: display text, never the file's name on disk.
    const page = await staff("GET", `documents/${document.id}`);
    expect(page.attachments.find((a: Json) => a.id === id)).toMatchObject({
      file_name: "comprovante.hta",
      media_type: "application/pdf",
    });
  });

  it("removes right-to-left overrides and other invisible or control characters from the display name, capped", async () => {
    const id = await newRequest();
    const sent = await upload(id, FILES.png, "image/png", "CNH\u202Efdp.exe");
    expect(sent.status).toBe(200);
    expect((await sent.json()).name).toBe("CNHfdp.exe");
    const second = await newRequest();
    const noisy = `a\u200Bb\u2066c\u0085d\u00ADe\uFEFF${"x".repeat(400)}.png`;
    const answer = (await (await upload(second, FILES.png, "image/png", noisy)).json()) as Json;
    expect(answer.name).toMatch(/^abcde x*\.png$|^abcdex*\.png$/);
    expect(answer.name.length).toBeLessThanOrEqual(200);
    const rows = await app.db.attachment.findMany({ where: { id: { in: [id, second] } }, select: { fileName: true } });
    for (const row of rows)
      expect(row.fileName).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff]/);
  });
});

describe("the token comes first", () => {
  it("refuses a forged token before the 10 MiB body is read (answer while the body is still being sent)", async () => {
    const url = new URL(app.baseUrl);
    const declared = 10 * 1024 * 1024;
    const answer = await new Promise<{ status: number; body: string; ms: number }>((resolve, reject) => {
      const started = Date.now();
      const request = httpRequest({
        host: url.hostname,
        port: url.port,
        path: `/api/tracking/upload?request_id=1`,
        method: "POST",
        headers: {
          "content-type": "multipart/form-data; boundary=x",
          "content-length": declared,
          "x-tracking-token":
            "00000000-0000-0000-0000-000000000000.9999999999.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
        },
      });
      const timer = setTimeout(() => {
        request.destroy();
        reject(new Error("no answer within 5 s while the body was unsent: the body is read before the token"));
      }, 5_000);
      request.on("response", (response) => {
        let body = "";
        response.on("data", (chunk) => (body += chunk));
        response.on("end", () => {
          clearTimeout(timer);
          resolve({ status: response.statusCode!, body, ms: Date.now() - started });
        });
        response.on("error", () => {});
      });
      request.on("error", () => {});
      request.write(Buffer.alloc(64 * 1024, 0x61)); // the first 64 KiB of 10 MiB, and then nothing
    });
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.body)).toMatchObject({ status: "error", code: "tracking_not_found" });
  });

  it("answers 400 without a token and 404 for an expired one, with the body unread", async () => {
    const expired = trackingToken(String(document.uuid), new Date(Date.now() - 40 * 86_400_000));
    expect((await upload(await newRequest(), FILES.pdf, "application/pdf", "a.pdf", expired)).status).toBe(404);
    expect((await upload(await newRequest(), FILES.pdf, "application/pdf", "a.pdf", "")).status).toBe(400);
  });
});
