// The original service's SDK and CLI switch to us by changing only their base URL. Every call of the
// spec's compatibility table, over real HTTP on the built app (PGlite, or PostgreSQL with TEST_DATABASE_URL), with the
// bodies the
// table says those clients send (written here from the table), checking the fields the callers read.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashTestPassword } from "./helpers/passwords.ts";
import { trackingToken } from "@/lib/outbox/server/tracking-link.ts";
import { createInstanceFixture, type InstanceFixture } from "./helpers/fixtures.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";

type Json = Record<string, any>;

let app: TestApp;
let fx: InstanceFixture;
let token: string;
const PASSWORD = "integrator password 16";
const EMAIL = "integrador@example.com";
const CPF = "390.533.447-05";

/** The SDK's base URL is `<host>/api`; every call is POST <base><path> with JSON and the bearer token. */
async function sdk(path: string, body: unknown, bearer: string | null = token): Promise<{ status: number; body: any }> {
  const response = await fetch(`${app.baseUrl}/api${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

async function ok(path: string, body: unknown, bearer?: string | null): Promise<any> {
  const answer = await sdk(path, body, bearer);
  expect(answer.status, `${path}: ${JSON.stringify(answer.body).slice(0, 400)}`).toBe(200);
  return answer.body;
}

beforeAll(async () => {
  app = await startTestApp();
  fx = await createInstanceFixture(app.db);
  await app.db.user.create({
    data: {
      instanceId: fx.instanceId,
      email: EMAIL,
      name: "Integração",
      role: "admin",
      passwordHash: await hashTestPassword(PASSWORD),
    },
  });
  // The status documents are created in sends its e-mail only when asked (send_communication), not by itself.
  await app.db.status.update({ where: { id: fx.statusIds["Novo"] }, data: { notifyCustomer: false } });
});
afterAll(async () => app?.close());

describe("the original's clients, unchanged, against our base URL", () => {
  let documentId: number;

  it("cognito/user/signIn answers {token, expiration} with expiration in Unix epoch seconds, and the token works", async () => {
    const before = Date.now() / 1000;
    const body = await ok("/cognito/user/signIn", { email: EMAIL, password: PASSWORD }, null);
    expect(Object.keys(body).sort()).toEqual(["expiration", "token"]);
    expect(typeof body.expiration).toBe("number");
    expect(Number.isInteger(body.expiration)).toBe(true);
    // The SDK's Redis TTL: expiration − now/1000, a positive number of seconds (60 minutes by default).
    const ttl = body.expiration - before;
    expect(ttl).toBeGreaterThan(59 * 60);
    expect(ttl).toBeLessThan(61 * 60);
    token = body.token;
    expect(Array.isArray(await ok("/product/loadAll", {}))).toBe(true);
  });

  it('document/create takes the CLI\'s body (source "", filled_columns null) and answers what the CLI decodes', async () => {
    const body = await ok("/document/create", {
      status_id: fx.statusIds["Novo"],
      product_id: fx.productId,
      modality_identifier: "COMPAT-01",
      cpf: CPF,
      name: "Cliente Compatível",
      phone: "+55 11 91234-5678",
      email: "cliente.compat@example.org",
      source: "",
      filled_columns: null,
    });
    for (const key of [
      "id",
      "protocol",
      "uuid",
      "sla_start",
      "sla_end",
      "sla_end_status",
      "date_time",
      "created_at",
      "updated_at",
    ]) {
      expect(body, key).toHaveProperty(key);
    }
    expect(body.filled_columns).toEqual({});
    expect(body.source).toBe("");
    documentId = body.id;
  });

  it("document/updateById takes {id, …any create field}, filled_columns null meaning none", async () => {
    const body = await ok("/document/updateById", {
      id: documentId,
      name: "Cliente Compatível II",
      filled_columns: null,
    });
    expect(body.id).toBe(documentId);
    expect(body.name).toBe("Cliente Compatível II");
    expect(body.filled_columns).toEqual({});
  });

  it("observation/create: internal stays internal; client and question reach the customer; send_communication queues the e-mail", async () => {
    const internal = await ok("/observation/create", {
      document_id: documentId,
      message: "Conferir comprovante",
      observation_from: "internal",
      section: "analise",
      send_communication: false,
    });
    expect(internal.id).toEqual(expect.any(Number));
    expect(internal).toMatchObject({
      message: "Conferir comprovante",
      observation_from: "internal",
      visibility: "internal",
    });
    const question = await ok("/observation/create", {
      document_id: documentId,
      message: "Pode reenviar o RG?",
      observation_from: "question",
      section: "analise",
      send_communication: true,
      attachment_name: "rg.pdf",
    });
    expect(question).toMatchObject({ visibility: "customer", observation_from: "question", send_communication: true });
    expect(question.attachment_name).toBe("rg.pdf");
    const emails = await app.db.outboxMessage.findMany({ where: { documentId, channel: "email" } });
    expect(emails).toHaveLength(1);
    expect(emails[0]!.recipient).toBe("cliente.compat@example.org");
    expect(emails[0]!.body).toContain("Pode reenviar o RG?");
    expect(emails[0]!.body).not.toContain("Conferir comprovante");

    const tracking = await ok(
      "/tracking/view",
      { token: trackingToken((await app.db.document.findUniqueOrThrow({ where: { id: documentId } })).uuid) },
      null,
    );
    expect(tracking.observations.map((o: Json) => o.text)).toEqual(["Pode reenviar o RG?"]);
  });

  it("observation/deleteById removes the note (and it leaves the read view)", async () => {
    const note = await ok("/observation/create", {
      document_id: documentId,
      message: "Nota a apagar",
      observation_from: "client",
      section: "x",
      send_communication: false,
    });
    expect(await ok("/observation/deleteById", { id: note.id })).toEqual({ id: note.id, deleted: true });
    const view = await ok("/document/loadById", { id: documentId });
    expect(view.observation.map((o: Json) => o.id)).not.toContain(note.id);
    expect((await sdk("/observation/deleteById", { id: note.id })).status).toBe(404);
  });

  it("attachment/createPendency, loadPendency and updateById: requests with ids, all or none", async () => {
    await ok("/attachment/createPendency", {
      pendencies: [
        { document_id: documentId, name: "RG", description: "Frente e verso", status: "pending" },
        { document_id: documentId, name: "Comprovante de residência", description: "Até 90 dias", status: "pending" },
      ],
      send_to_sac: true,
    });
    const pending = await ok("/attachment/loadPendency", { document_id: documentId });
    expect(pending.map((p: Json) => p.name)).toEqual(["RG", "Comprovante de residência"]);
    for (const item of pending)
      expect(item).toMatchObject({ id: expect.any(Number), status: "pending", state: "pending" });

    // One unknown document refuses the whole call: nothing was written for the known one.
    const refused = await sdk("/attachment/createPendency", {
      pendencies: [
        { document_id: documentId, name: "CNH", description: "", status: "pending" },
        { document_id: 999_999, name: "CNH", description: "", status: "pending" },
      ],
    });
    expect(refused.status).toBe(404);
    expect(refused.body.error).toMatch(/^NotFound: /);
    expect((await ok("/attachment/loadPendency", { document_id: documentId })).map((p: Json) => p.name)).not.toContain(
      "CNH",
    );

    const updated = await ok("/attachment/updateById", {
      id: pending[0].id,
      name: "RG (frente e verso)",
      description: "Legível",
      status: "in_analisys",
    });
    expect(updated).toMatchObject({ id: pending[0].id, name: "RG (frente e verso)", status: "in_analisys" });
    await ok("/attachment/updateById", { id: pending[1].id, status: "ok" });
  });

  it("attachment/upload/link records a file that lives elsewhere without ever fetching it; customers do not see it", async () => {
    let fetched = 0;
    const elsewhere: Server = createServer((_, res) => {
      fetched += 1;
      res.end("personal data");
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}/bucket/contrato.pdf?sig=abc`;
    try {
      const linked = await ok("/attachment/upload/link", {
        document_id: documentId,
        name: "Contrato",
        description: "Assinado",
        filename: "contrato.pdf",
        path: url,
        driver: "s3",
        status: "ok",
        send_attachment: false,
      });
      expect(linked).toMatchObject({
        state: "linked",
        name: "contrato.pdf",
        path: url,
        link_url: url,
        status: "ok",
        download_url: null,
      });
      const key = await ok("/attachment/upload/link", {
        document_id: documentId,
        name: "Laudo",
        description: "",
        filename: "laudo.pdf",
        path: "uploads/2026/laudo.pdf",
        driver: "local",
        status: "pending",
        send_attachment: true,
      });
      expect(key.path).toBe("uploads/2026/laudo.pdf");
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(fetched).toBe(0);
    } finally {
      await new Promise((resolve) => elsewhere.close(resolve));
    }
    for (const path of [
      "javascript:alert(1)",
      "data:text/html,<b>x</b>",
      "file:///etc/passwd",
      // A browser drops leading control characters and spaces, and reads `//` and `\\` as another host.
      "\u0001javascript:alert(1)",
      "\u0085javascript:alert(1)",
      " javascript:alert(1)",
      "java\tscript:alert(1)",
      "https://files.example.com/a\u00a0b.pdf",
      "uploads/\u200blaudo.pdf",
      "//evil.example/x",
      "\\\\evil\\share\\x.exe",
      "/\\evil.example/x",
      "\\/evil.example/x",
    ]) {
      const refused = await sdk("/attachment/upload/link", {
        document_id: documentId,
        name: "x",
        description: "",
        filename: "x",
        path,
        driver: "s3",
        status: "ok",
        send_attachment: false,
      });
      expect(refused.status, JSON.stringify(path)).toBe(400);
      expect(refused.body).toMatchObject({
        status: "error",
        error: expect.stringMatching(/^BadRequest: /),
        errors: [{ path: "path", message: expect.any(String) }],
      });
    }
    const uuid = (await app.db.document.findUniqueOrThrow({ where: { id: documentId } })).uuid;
    const tracking = await ok("/tracking/view", { token: trackingToken(uuid) }, null);
    expect(JSON.stringify(tracking)).not.toContain("contrato");
    expect(JSON.stringify(tracking)).not.toContain("laudo");
  });

  it("document/loadById carries the original's field names in observation[] and attachment[] beside ours", async () => {
    const view = await ok("/document/loadById", { id: documentId });
    const question = view.observation.find((o: Json) => o.observation_from === "question");
    expect(question).toMatchObject({
      id: expect.any(Number),
      message: "Pode reenviar o RG?",
      send_communication: true,
      attachment_name: "rg.pdf",
      createdAt: question.created_at,
      user: { name: expect.any(String) },
      text: "Pode reenviar o RG?",
      visibility: "customer",
    });
    const byName = Object.fromEntries(view.attachment.map((a: Json) => [a.name, a]));
    expect(byName["RG (frente e verso)"]).toMatchObject({
      status: "in_analisys",
      path: null,
      user: { name: expect.any(String) },
    });
    expect(byName["Comprovante de residência"].status).toBe("ok");
    expect(byName["contrato.pdf"]).toMatchObject({ status: "ok", state: "linked" });
    expect(byName["contrato.pdf"].path).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/bucket\/contrato\.pdf/);
    for (const attachment of view.attachment) expect(attachment.createdAt).toBe(attachment.created_at);
  });

  it("document/filter: every list, DD/MM/YYYY and ISO dates, an array of read views, a page cap with page/limit", async () => {
    const document = await app.db.document.findUniqueOrThrow({ where: { id: documentId } });
    const created = document.createdAt;
    const day = new Intl.DateTimeFormat("pt-BR", {
      timeZone: "America/Sao_Paulo",
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
    }).format(created);
    const full = {
      modality_identifier: ["COMPAT-01"],
      products: [fx.productId],
      status_id: [fx.statusIds["Novo"]],
      uuid: [document.uuid],
      protocol: [document.protocol],
      email: ["Cliente.Compat@example.org"],
      phone: ["+55 11 91234-5678"],
      name: ["cliente compatível ii"],
      initialDate: day,
      finalDate: day,
      categories: ["primary"],
    };
    // Every list at once, by an integration token an admin set to read in clear (docs/migrating.md "Personal data").
    const clear = await ok("/document/filter", full, fx.tokens.staff);
    expect(clear.map((view: Json) => view.id)).toEqual([documentId]);
    // A person's sign-in token reads the customer's personal data masked, as loadById does, so the lists
    // on the fields it reads masked (by default e-mail and phone) are refused: they would confirm a guessed value.
    const { email, phone, ...unmaskedLists } = full;
    const refused = await sdk("/document/filter", { ...unmaskedLists, email, phone });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/^BadRequest: /);
    expect(refused.body.errors.map((error: Json) => [error.path, error.code])).toEqual([
      ["email", "masked_field_filter"],
      ["phone", "masked_field_filter"],
    ]);
    const found = await ok("/document/filter", unmaskedLists);
    expect(Array.isArray(found)).toBe(true);
    expect(found.map((view: Json) => view.id)).toEqual([documentId]);
    expect(found[0]).toMatchObject({ protocol: document.protocol, fields_to_show: { CPF: "***.533.447-**" } });
    const isoDay = day.split("/").reverse().join("-");
    expect((await ok("/document/filter", { initialDate: isoDay, finalDate: isoDay })).map((v: Json) => v.id)).toContain(
      documentId,
    );
    expect(await ok("/document/filter", { initialDate: new Date(created.getTime() + 1000).toISOString() })).toEqual([]);
    expect(await ok("/document/filter", { protocol: ["nope"] })).toEqual([]);

    // 3 more documents: limit/page walk them newest first.
    const walked: number[] = [];
    for (const n of [1, 2, 3]) {
      const made = await ok("/document/create", {
        status_id: fx.statusIds["Novo"],
        product_id: fx.productId,
        modality_identifier: "COMPAT-02",
        cpf: `${n}`,
        source: "",
        filled_columns: null,
      });
      walked.push(made.id);
    }
    const first = await ok("/document/filter", { modality_identifier: ["COMPAT-02"], limit: 2 });
    const second = await ok("/document/filter", { modality_identifier: ["COMPAT-02"], limit: 2, page: 2 });
    expect(first).toHaveLength(2);
    expect(second).toHaveLength(1);
    expect(first.map((v: Json) => v.id)).toEqual([walked[2], walked[1]]);
    expect(second[0].id).toBe(walked[0]);

    const tooMany = await sdk("/document/filter", { limit: 101 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toMatch(/^BadRequest: /);
    expect((await sdk("/document/filter", { initialDate: "31/02/2026" })).status).toBe(400);
  });

  it("product/loadAll and product/create answer {id, name, description, created_at, updated_at}", async () => {
    const product = await ok("/product/create", { name: "Consórcio", description: "Cartas de crédito" });
    expect(product).toMatchObject({ id: expect.any(Number), name: "Consórcio", description: "Cartas de crédito" });
    expect(product.created_at).toMatch(/Z$/);
    const all = await ok("/product/loadAll", {});
    const listed = all.find((p: Json) => p.id === product.id);
    for (const key of ["id", "name", "description", "created_at", "updated_at"]) expect(listed).toHaveProperty(key);
  });

  it("the Go CLI's exact bodies: nothing at all for product/loadAll, zero values for document/create and product/create", async () => {
    // LoadAllProducts posts an empty body with Content-Type: application/json.
    const empty = await fetch(`${app.baseUrl}/api/product/loadAll`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: "",
    });
    expect(empty.status).toBe(200);
    expect(Array.isArray(await empty.json())).toBe(true);
    // Its Document struct: every string field present, "" when the user gave none; filled_columns a nil map (null).
    const created = await ok("/document/create", {
      status_id: fx.statusIds["Novo"],
      product_id: fx.productId,
      modality_identifier: "",
      cpf: "11144477735",
      name: "",
      source: "",
      phone: "",
      email: "",
      filled_columns: null,
    });
    expect(created).toMatchObject({ id: expect.any(Number), protocol: expect.any(String), uuid: expect.any(String) });
    // Its Product struct, zero id and dates included.
    const product = await ok("/product/create", {
      id: 0,
      name: "Via CLI",
      description: "",
      created_at: "",
      updated_at: "",
    });
    expect(product).toMatchObject({ id: expect.any(Number), name: "Via CLI" });
    expect(product.id).toBeGreaterThan(0);
    expect(product.created_at).not.toBe("");
  });

  it("the Go CLI's empty modality answer means no modality: none is created, none is set, an existing one is cleared", async () => {
    const modalitiesBefore = await app.db.modality.count({ where: { instanceId: fx.instanceId } });
    const created = await ok("/document/create", {
      status_id: fx.statusIds["Novo"],
      product_id: fx.productId,
      modality_identifier: "",
      cpf: "11144477735",
    });
    const stored = await app.db.document.findUniqueOrThrow({ where: { id: created.id } });
    expect(stored.modalityIdentifier).toBeNull();
    expect(stored.modalityId).toBeNull();
    expect(await app.db.modality.count({ where: { instanceId: fx.instanceId, identifier: "" } })).toBe(0);
    expect(await app.db.modality.count({ where: { instanceId: fx.instanceId } })).toBe(modalitiesBefore);
    // "   " is as empty; a real identifier set later, then "" again, clears it.
    await ok("/document/updateById", { id: created.id, modality_identifier: "consorcio-cli" });
    await ok("/document/updateById", { id: created.id, modality_identifier: "   " });
    const cleared = await app.db.document.findUniqueOrThrow({ where: { id: created.id } });
    expect(cleared.modalityIdentifier).toBeNull();
    expect(await app.db.modality.count({ where: { instanceId: fx.instanceId, identifier: "" } })).toBe(0);
  });

  it("status/loadStatusTransition (the SDK's status.loadTransition) answers the statuses with where each may move", async () => {
    const statuses = await ok("/status/loadStatusTransition", { products: [fx.productId] });
    const all = await ok("/status/loadAll", {});
    expect(statuses).toEqual(all);
    const novo = statuses.find((status: Json) => status.id === fx.statusIds["Novo"]);
    expect(Array.isArray(novo.allowed_status_ids)).toBe(true);
    expect(novo.allowed_status_ids.length).toBeGreaterThan(0);
    for (const target of novo.allowed_status_ids) expect(all.map((status: Json) => status.id)).toContain(target);
    // Without products (the SDK's field is optional) the same list; a product of no one's instance is a 404.
    expect(await ok("/status/loadStatusTransition", {})).toEqual(all);
    const unknown = await sdk("/status/loadStatusTransition", { products: [fx.productId, 987654] });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatch(/^NotFound: /);
  });

  it("attachment/updateById takes the SDK's partial upload/link fields", async () => {
    const linked = await ok("/attachment/upload/link", {
      document_id: documentId,
      name: "Procuração",
      description: "",
      filename: "procuracao.pdf",
      path: "https://files.example.com/p1.pdf",
      driver: "s3",
      status: "pending",
      send_attachment: false,
    });
    const updated = await ok("/attachment/updateById", {
      id: linked.id,
      document_id: documentId,
      filename: "procuracao-assinada.pdf",
      path: "https://files.example.com/p2.pdf",
      driver: "s3",
      status: "ok",
      send_attachment: false,
    });
    expect(updated).toMatchObject({
      name: "procuracao-assinada.pdf",
      path: "https://files.example.com/p2.pdf",
      status: "ok",
    });
    expect(
      (await sdk("/attachment/updateById", { id: linked.id, document_id: documentId + 1000, status: "ok" })).status,
    ).toBe(404);
    for (const path of ["\u0001javascript:alert(1)", "//evil.example/x", "\\\\evil\\share\\x.exe"]) {
      const refused = await sdk("/attachment/updateById", { id: linked.id, path });
      expect(refused.status, JSON.stringify(path)).toBe(400);
      expect(refused.body.error).toMatch(/^BadRequest: /);
    }
    expect((await app.db.attachment.findUniqueOrThrow({ where: { id: linked.id } })).linkPath).toBe(
      "https://files.example.com/p2.pdf",
    );
  });

  it("errors keep the original's text form; only signIn under /cognito needs no token", async () => {
    const missing = await sdk("/document/loadById", { id: 987_654 });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatch(/^NotFound: /);
    expect(
      (await sdk("/observation/create", { document_id: documentId, message: "x", observation_from: "client" }, null))
        .status,
    ).toBe(401);
    expect((await sdk("/cognito/user/signUp", { email: EMAIL, password: PASSWORD }, null)).status).toBe(404);
    expect((await sdk("/cognito/user/signIn", { email: EMAIL, password: "wrong password" }, null)).body.error).toMatch(
      /^Unauthorized: /,
    );
    // Viewers read but do not write.
    expect(
      (
        await sdk(
          "/observation/create",
          { document_id: documentId, message: "x", observation_from: "client" },
          fx.tokens.viewer,
        )
      ).status,
    ).toBe(403);
  });
});
