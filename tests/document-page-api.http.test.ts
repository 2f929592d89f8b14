import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createInstanceFixture, type InstanceFixture } from "./helpers/fixtures.ts";
import { jpegOfSize, pngOfSize, SAMPLE_FILES, samplePdf } from "./helpers/sample-files.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";

// The staff routes behind the document page (/api/documents/<id>/…), over real HTTP on a real database.

let app: TestApp;
let fx: InstanceFixture;
let other: InstanceFixture;

beforeAll(async () => {
  app = await startTestApp();
  fx = await createInstanceFixture(app.db, "default");
  other = await createInstanceFixture(app.db, "other");
});
afterAll(async () => app?.close());

const PERSON = {
  cpf: "111.444.777-35",
  name: "Maria da Silva",
  email: "maria@example.com",
  phone: "+55 11 99999-1234",
};

type Json = Record<string, any>;

async function createDocument(extra: Json = {}): Promise<Json> {
  const response = await app.post(
    "document/create",
    { status_id: fx.statusIds["Novo"], product_id: fx.productId, ...PERSON, ...extra },
    { token: fx.tokens.staff },
  );
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body;
}

async function getJson(route: string, token = fx.tokens.staff) {
  const response = await fetch(`${app.baseUrl}/api/${route}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, body: (await response.json()) as any, headers: response.headers };
}

async function postJson(route: string, body: unknown, token = fx.tokens.staff) {
  const response = await app.post(route, body, { token });
  return { status: response.status, body: (await response.json()) as any };
}

async function upload(route: string, bytes: Uint8Array, fileName: string, type: string, token = fx.tokens.staff) {
  const form = new FormData();
  form.append("file", new File([new Uint8Array(bytes)], fileName, { type }));
  const response = await fetch(`${app.baseUrl}/api/${route}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as any };
}

async function download(route: string, token = fx.tokens.viewer) {
  const response = await fetch(`${app.baseUrl}/api/${route}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

const history = async (id: number, token = fx.tokens.staff, personal = false) =>
  getJson(`documents/${id}/history${personal ? "?personal=1" : ""}`, token);

describe("GET /api/documents/<id>", () => {
  it("gives the page its data with the personal fields masked as the list masks them, for viewers too", async () => {
    const document = await createDocument({ filled_columns: { placa: "ABC1D23" }, modality_identifier: "24x7" });
    for (const token of [fx.tokens.viewer, fx.tokens.staff, fx.tokens.admin]) {
      const { status, body } = await getJson(`documents/${document.id}`, token);
      expect(status).toBe(200);
      expect(body.document).toMatchObject({
        id: document.id,
        protocol: document.protocol,
        cpf: "***.444.777-**",
        // The default policy shows the name (as the list does) and masks the identifier and contacts.
        name: "Maria da Silva",
        email: "m****@e******.com",
        phone: "+** ** *****-1234",
        filled_columns: { placa: "ABC1D23" },
      });
      expect(body.fields_to_show).toMatchObject({ CPF: "***.444.777-**", Cliente: "Maria da Silva" });
      expect(body).toMatchObject({ personal_data: "masked", masked_fields: ["cpf", "email", "phone"] });
      expect(JSON.stringify(body)).not.toContain("maria@example.com");
      expect(JSON.stringify(body)).not.toContain("99999-1234");
    }
    const { body } = await getJson(`documents/${document.id}`, fx.tokens.viewer);
    expect(body.permissions).toEqual({ can_edit: false, can_reveal: false });
    expect((await getJson(`documents/${document.id}`)).body.permissions).toEqual({ can_edit: true, can_reveal: true });
    // Novo may move to "Em análise" and "Cancelado" only.
    expect(body.allowed_status_ids.sort()).toEqual([fx.statusIds["Em análise"], fx.statusIds["Cancelado"]].sort());
    expect(body.status).toMatchObject({ id: fx.statusIds["Novo"], category: "primary", bg_color: "#dbeafe" });
    expect(body.product.columns.map((column: Json) => column.key)).toEqual([
      "placa",
      "valor_segurado",
      "inicio_vigencia",
    ]);
    expect(body.step).toMatchObject({ name: "Triagem" });
    expect(body.modality).toMatchObject({ identifier: "24x7", has_calendar: false });
    expect(body.sla).toMatchObject({ state: "in_sla", paused: false, finished: false, sla_end: document.sla_end });
    expect(body.limits.attachment_max_bytes).toBe(10 * 1024 * 1024);
    expect(body.statuses).toHaveLength(6);
  });

  it("reports late, paused and no-SLA documents", async () => {
    const late = await createDocument({ sla_total: 1 });
    await app.db.document.update({
      where: { id: late.id },
      data: { slaEnd: new Date(Date.now() - 3_600_000) },
    });
    expect((await getJson(`documents/${late.id}`)).body.sla.state).toBe("late");
    const none = await createDocument({ sla_total: null });
    expect((await getJson(`documents/${none.id}`)).body.sla).toMatchObject({ state: "no_sla", sla_end: null });
    const paused = await createDocument({ status_id: fx.statusIds["Aguardando documentos"] });
    const view = (await getJson(`documents/${paused.id}`)).body;
    expect(view.sla).toMatchObject({ paused: true, state: "in_sla" });
    expect(view.sla.stopped_at).toBe(view.sla.paused_since);
  });

  it("answers 404 for another instance's document and 400 for an id that is not a number", async () => {
    const document = await createDocument();
    const foreign = await getJson(`documents/${document.id}`, other.tokens.admin);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({
      status: "error",
      message: "Provided id parameter not exists on database",
      error: "NotFound: Provided id parameter not exists on database",
      code: "document_not_found",
    });
    expect((await getJson("documents/999999")).status).toBe(404);
    const bad = await getJson("documents/abc");
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ path: "id", message: "Expected a positive integer", code: "invalid" }]);
    expect((await fetch(`${app.baseUrl}/api/documents/${document.id}`)).status).toBe(401);
  });
});

describe("observations", () => {
  it("creates an internal or customer observation and records who did it in the history", async () => {
    const document = await createDocument();
    const created = await postJson(`documents/${document.id}/observations`, {
      text: "  Cliente pediu retorno à tarde  ",
      visibility: "customer",
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      text: "Cliente pediu retorno à tarde",
      visibility: "customer",
      author: "token:default-staff",
    });
    expect(created.body.id).toEqual(expect.any(Number));
    const internal = await postJson(`documents/${document.id}/observations`, { text: "nota", visibility: "internal" });
    expect(internal.body.visibility).toBe("internal");

    const view = (await getJson(`documents/${document.id}`, fx.tokens.viewer)).body;
    expect(view.observations.map((o: Json) => o.text)).toEqual(["nota", "Cliente pediu retorno à tarde"]);
    const timeline = (await history(document.id, fx.tokens.viewer)).body;
    expect(timeline[0]).toMatchObject({
      action: "observation",
      actor_type: "token",
      actor_label: "token:default-staff",
      changes: [
        { field: "observation", before: null, after: "nota" },
        { field: "observation.visibility", before: null, after: "internal" },
      ],
    });
    expect(timeline.map((entry: Json) => entry.action)).toEqual(["observation", "observation", "create"]);
  });

  it("validates the body, refuses viewers and other instances", async () => {
    const document = await createDocument();
    const invalid = await postJson(`documents/${document.id}/observations`, { text: "   ", visibility: "public" });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors.map((e: Json) => e.path).sort()).toEqual(["text", "visibility"]);
    const missing = await postJson(`documents/${document.id}/observations`, {});
    expect(missing.status).toBe(400);
    const viewer = await postJson(
      `documents/${document.id}/observations`,
      { text: "x", visibility: "internal" },
      fx.tokens.viewer,
    );
    expect(viewer.status).toBe(403);
    const foreign = await postJson(
      `documents/${document.id}/observations`,
      { text: "x", visibility: "internal" },
      other.tokens.staff,
    );
    expect(foreign.status).toBe(404);
    expect(await app.db.observation.count({ where: { documentId: document.id } })).toBe(0);
    expect(await app.db.documentHistory.count({ where: { documentId: document.id } })).toBe(1);
  });
});

describe("attachments", () => {
  it("stores an upload and gives the same bytes back with its sniffed type, a generated name and nosniff", async () => {
    const document = await createDocument();
    const bytes = Buffer.from(samplePdf(`apólice ${randomBytes(100_000).toString("hex")}`));
    const uploaded = await upload(`documents/${document.id}/attachments`, bytes, "apólice.pdf", "application/pdf");
    expect(uploaded.status).toBe(200);
    const sha = createHash("sha256").update(bytes).digest("hex");
    expect(uploaded.body).toMatchObject({
      state: "uploaded",
      file_name: "apólice.pdf",
      media_type: "application/pdf",
      size: bytes.length,
      sha256: sha,
      author: "token:default-staff",
      download_url: `/api/documents/${document.id}/attachments/${uploaded.body.id}`,
    });
    const row = await app.db.attachment.findUniqueOrThrow({ where: { id: uploaded.body.id } });
    expect(Buffer.from(row.content!).equals(bytes)).toBe(true);

    const file = await download(uploaded.body.download_url.replace(/^\/api\//, ""));
    expect(file.status).toBe(200);
    expect(file.bytes.equals(bytes)).toBe(true);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    expect(file.headers.get("content-disposition")).toMatch(
      /^attachment; filename="[0-9a-f-]{36}\.pdf"; filename\*=UTF-8''[0-9a-f-]{36}\.pdf$/,
    );

    const timeline = (await history(document.id)).body;
    expect(timeline[0]).toMatchObject({
      action: "attachment",
      actor_label: "token:default-staff",
      changes: [{ field: "attachment", before: null, after: "apólice.pdf" }],
    });
    const view = (await getJson(`documents/${document.id}`, fx.tokens.viewer)).body;
    expect(view.attachments).toHaveLength(1);
    expect(view.attachments[0]).not.toHaveProperty("content");
  });

  it("keeps only the last path component of the name as display text; the type and the served name come from the content", async () => {
    const document = await createDocument();
    const uploaded = await upload(
      `documents/${document.id}/attachments`,
      SAMPLE_FILES.png,
      '../../etc/"evil";name.html',
      "text/html; charset=utf-8",
    );
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.file_name).toBe('"evil";name.html');
    expect(uploaded.body.media_type).toBe("image/png");
    const file = await download(`documents/${document.id}/attachments/${uploaded.body.id}`);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(file.headers.get("content-disposition")).toMatch(
      /^attachment; filename="[0-9a-f-]{36}\.png"; filename\*=UTF-8''/,
    );
    expect(file.headers.get("content-security-policy")).toContain("sandbox");
    const script = await upload(
      `documents/${document.id}/attachments`,
      Buffer.from("<script>alert(1)</script>"),
      "a.pdf",
      "application/pdf",
    );
    expect(script.status).toBe(415);
    expect(script.body.error).toMatch(/^UnsupportedMediaType: /);
  });

  it("refuses files over the limit with 413, by Content-Length and by the bytes actually sent", async () => {
    const document = await createDocument();
    const tooBig = await upload(
      `documents/${document.id}/attachments`,
      new Uint8Array(10 * 1024 * 1024 + 1),
      "big.bin",
      "application/octet-stream",
    );
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error).toMatch(/^PayloadTooLarge: /);

    // A streamed body declares no length: the server counts what arrives.
    const boundary = "----docflowtest";
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="s.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    const chunk = new Uint8Array(1024 * 1024);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(new TextEncoder().encode(head));
        if (sent >= 12) {
          controller.enqueue(new TextEncoder().encode(`\r\n--${boundary}--\r\n`));
          controller.close();
          return;
        }
        controller.enqueue(chunk);
        sent += 1;
      },
    });
    const streamed = await fetch(`${app.baseUrl}/api/documents/${document.id}/attachments`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${fx.tokens.staff}`,
        "content-type": `multipart/form-data; boundary=${boundary}`,
      },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(await app.db.attachment.count({ where: { documentId: document.id } })).toBe(0);
  });

  it("follows ATTACHMENT_MAX_BYTES", async () => {
    const document = await createDocument();
    process.env.ATTACHMENT_MAX_BYTES = "1000";
    try {
      const atLimit = await upload(`documents/${document.id}/attachments`, pngOfSize(1000), "a.png", "");
      expect(atLimit.status).toBe(200);
      const over = await upload(`documents/${document.id}/attachments`, pngOfSize(1001), "b.png", "");
      expect(over.status).toBe(413);
      expect((await getJson(`documents/${document.id}`)).body.limits.attachment_max_bytes).toBe(1000);
    } finally {
      delete process.env.ATTACHMENT_MAX_BYTES;
    }
  });

  it("answers 415 for a body that is not multipart, 400 without a file or with an empty one", async () => {
    const document = await createDocument();
    const json = await postJson(`documents/${document.id}/attachments`, { file: "x" });
    expect(json.status).toBe(415);
    const form = new FormData();
    form.append("other", "value");
    const noFile = await fetch(`${app.baseUrl}/api/documents/${document.id}/attachments`, {
      method: "POST",
      headers: { authorization: `Bearer ${fx.tokens.staff}` },
      body: form,
    });
    expect(noFile.status).toBe(400);
    expect((await noFile.json()).errors).toEqual([{ path: "file", message: "Expected a file", code: "invalid" }]);
    const empty = await upload(`documents/${document.id}/attachments`, new Uint8Array(0), "e.txt", "text/plain");
    expect(empty.status).toBe(400);
  });

  it("refuses uploads from viewers and other instances; downloads stay inside the instance", async () => {
    const document = await createDocument();
    const viewer = await upload(
      `documents/${document.id}/attachments`,
      Buffer.from("x"),
      "a.txt",
      "text/plain",
      fx.tokens.viewer,
    );
    expect(viewer.status).toBe(403);
    const foreign = await upload(
      `documents/${document.id}/attachments`,
      Buffer.from("x"),
      "a.txt",
      "text/plain",
      other.tokens.staff,
    );
    expect(foreign.status).toBe(404);
    const mine = await upload(`documents/${document.id}/attachments`, SAMPLE_FILES.png, "a.png", "image/png");
    expect((await download(`documents/${document.id}/attachments/${mine.body.id}`, other.tokens.admin)).status).toBe(
      404,
    );
    // The attachment id must belong to the document in the path.
    const another = await createDocument();
    expect((await download(`documents/${another.id}/attachments/${mine.body.id}`)).status).toBe(404);
    expect((await download(`documents/${document.id}/attachments/x`)).status).toBe(400);
  });

  it("creates a pending request and fulfils it once with an upload", async () => {
    const document = await createDocument();
    const requested = await postJson(`documents/${document.id}/attachments/requests`, {
      file_name: "RG (frente)",
      note: "Foto legível",
    });
    expect(requested.status).toBe(200);
    expect(requested.body).toMatchObject({
      state: "pending",
      file_name: "RG (frente)",
      request_note: "Foto legível",
      size: 0,
      download_url: null,
    });
    const id = requested.body.id;
    expect((await download(`documents/${document.id}/attachments/${id}`)).status).toBe(404);

    const bytes = Buffer.from(jpegOfSize(5000));
    const fulfilled = await upload(`documents/${document.id}/attachments/${id}/upload`, bytes, "rg.jpg", "image/jpeg");
    expect(fulfilled.status).toBe(200);
    expect(fulfilled.body).toMatchObject({
      id,
      state: "uploaded",
      file_name: "rg.jpg",
      media_type: "image/jpeg",
      request_note: "Foto legível",
      size: 5000,
    });
    const file = await download(`documents/${document.id}/attachments/${id}`);
    expect(file.bytes.equals(bytes)).toBe(true);
    expect(file.headers.get("content-type")).toBe("image/jpeg");

    const again = await upload(`documents/${document.id}/attachments/${id}/upload`, bytes, "rg2.jpg", "image/jpeg");
    expect(again.status).toBe(409);
    expect(again.body.error).toMatch(/^Conflict: /);
    expect(
      (await upload(`documents/${document.id}/attachments/999999/upload`, bytes, "x.jpg", "image/jpeg")).status,
    ).toBe(404);

    const timeline = (await history(document.id)).body;
    expect(timeline.slice(0, 2)).toMatchObject([
      { action: "attachment_fulfil", changes: [{ field: "attachment", before: "RG (frente)", after: "rg.jpg" }] },
      {
        action: "attachment_request",
        changes: [
          { field: "attachment_request", before: null, after: "RG (frente)" },
          { field: "attachment_request.note", before: null, after: "Foto legível" },
        ],
      },
    ]);
  });

  it("validates requests and refuses them to viewers", async () => {
    const document = await createDocument();
    const invalid = await postJson(`documents/${document.id}/attachments/requests`, { file_name: " ", note: 5 });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors.map((e: Json) => e.path).sort()).toEqual(["file_name", "note"]);
    const viewer = await postJson(
      `documents/${document.id}/attachments/requests`,
      { file_name: "RG" },
      fx.tokens.viewer,
    );
    expect(viewer.status).toBe(403);
    const foreign = await postJson(
      `documents/${document.id}/attachments/requests`,
      { file_name: "RG" },
      other.tokens.staff,
    );
    expect(foreign.status).toBe(404);
  });
});

describe("reveal and history masking", () => {
  it("reveals the real values to staff and logs the reveal without them", async () => {
    const document = await createDocument();
    const revealed = await postJson(`documents/${document.id}/reveal`, {});
    expect(revealed.status).toBe(200);
    expect(revealed.body).toEqual(PERSON);
    const rows = await app.db.documentHistory.findMany({ where: { documentId: document.id, action: "reveal" } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorType: "token", actorLabel: "token:default-staff", changes: [] });
    expect(JSON.stringify(rows[0]!.changes)).not.toContain("Maria");
    const timeline = (await history(document.id, fx.tokens.viewer)).body;
    expect(timeline[0]).toMatchObject({ action: "reveal", actor_label: "token:default-staff", changes: [] });
  });

  it("refuses viewers (403, nothing logged) and other instances (404)", async () => {
    const document = await createDocument();
    expect((await postJson(`documents/${document.id}/reveal`, {}, fx.tokens.viewer)).status).toBe(403);
    expect((await postJson(`documents/${document.id}/reveal`, {}, other.tokens.admin)).status).toBe(404);
    expect(await app.db.documentHistory.count({ where: { documentId: document.id, action: "reveal" } })).toBe(0);
  });

  it("masks personal values in the history as the policy says, for viewers always, for staff until they reveal", async () => {
    const document = await createDocument();
    await postJson("document/updateById", { id: document.id, name: "Maria Souza", email: "ms@example.org" });
    // The default policy: names shown, e-mails masked (the list's rule).
    const masked = [
      { field: "name", before: "Maria da Silva", after: "Maria Souza" },
      { field: "email", before: "m****@e******.com", after: "m*@e******.org" },
    ];
    const viewerView = (await history(document.id, fx.tokens.viewer, true)).body;
    expect(viewerView[0].changes).toEqual(masked);
    const createEntry = viewerView.at(-1);
    expect(createEntry.changes).toContainEqual({ field: "cpf", before: null, after: "***.444.777-**" });
    expect(createEntry.changes).toContainEqual({ field: "phone", before: null, after: "+** ** *****-1234" });
    expect(JSON.stringify(viewerView)).not.toMatch(/maria@|ms@|99999/);

    // Staff see masks too until they reveal; asking for personal data without a reveal changes nothing.
    expect((await history(document.id, fx.tokens.staff)).body[0].changes).toEqual(masked);
    expect((await history(document.id, fx.tokens.staff, true)).body[0].changes).toEqual(masked);

    await postJson(`documents/${document.id}/reveal`, {});
    const staffView = (await history(document.id, fx.tokens.staff, true)).body;
    expect(staffView[1].changes).toEqual([
      { field: "name", before: "Maria da Silva", after: "Maria Souza" },
      { field: "email", before: "maria@example.com", after: "ms@example.org" },
    ]);
    // The reveal counts for the one who made it: another staff token (admin here) still sees masks.
    expect((await history(document.id, fx.tokens.admin, true)).body[1].changes).toEqual(masked);
    // Non-personal fields are never masked.
    const statusChange = await postJson("document/updateById", {
      id: document.id,
      status_id: fx.statusIds["Em análise"],
    });
    expect(statusChange.status).toBe(200);
    expect((await history(document.id, fx.tokens.viewer)).body[0].changes).toContainEqual({
      field: "status_id",
      before: fx.statusIds["Novo"],
      after: fx.statusIds["Em análise"],
    });
  });

  it("answers 404 for another instance's history", async () => {
    const document = await createDocument();
    expect((await history(document.id, other.tokens.viewer)).status).toBe(404);
    expect((await history(999999)).status).toBe(404);
  });
});
