// The document page's one composer and the message templates, over HTTP on the built app, a real
// database (PGlite and PostgreSQL) and a real SMTP server in this process:
// - the preview endpoint answers the customer's e-mail as the outbox renders it (the e-mail that leaves has the same
//   subject and text), for a reply and for a status change, and says when nothing would be sent;
// - a reply "Enviar por e-mail" queues the e-mail; an internal note never does, even when asked to;
// - templates refuse every unknown placeholder when saved, naming them and the allowed ones;
// - "Enviar teste" goes through the outbox to the typed address (a user of the instance), marked as a test, audited;
// - a failed e-mail says why (a code the page words in Portuguese) and can be resent.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { processDueEmails } from "@/lib/outbox/server/email-queue.ts";
import { createInstanceFixture, type InstanceFixture } from "./helpers/fixtures.ts";
import { startSmtpSink, type SmtpSink } from "./helpers/smtp-sink.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";

type Json = Record<string, unknown>;

let app: TestApp;
let fx: InstanceFixture;
let smtp: SmtpSink;

beforeAll(async () => {
  app = await startTestApp();
  fx = await createInstanceFixture(app.db, "default");
  smtp = await startSmtpSink();
  // "Enviar teste" goes only to a user of the instance.
  await app.db.user.create({
    data: {
      instanceId: fx.instanceId,
      email: "gestora@example.net",
      name: "Gestora",
      role: "admin",
      passwordHash: "-",
    },
  });
});
afterAll(async () => {
  await smtp?.close();
  await app?.close();
});
beforeEach(async () => {
  process.env.SMTP_URL = smtp.url;
  smtp.refuse(null);
  smtp.messages.length = 0;
  await app.db.outboxMessage.updateMany({ where: { status: "pending" }, data: { status: "failed" } });
});

async function request(method: string, route: string, body: unknown, token: string) {
  const response = await fetch(`${app.baseUrl}/api/${route}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as Json };
}

async function call(method: string, route: string, body: unknown, token = fx.tokens.staff): Promise<Json> {
  const answer = await request(method, route, body, token);
  expect(answer.status, `${method} ${route}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
  return answer.body;
}

const newDocument = (email: string | null = "joana.prado@example.org") =>
  call("POST", "document/create", {
    status_id: fx.statusIds["Novo"],
    product_id: fx.productId,
    cpf: "11144477735",
    name: "Joana Prado",
    email,
  });

const send = () => processDueEmails({ owner: "composer-test", settings: { retryBaseSeconds: 30 } });
/** The text with the tracking link's token (signed with the time it was made) left out. */
const withoutToken = (text: string) => text.replace(/acompanhar\?t=\S+/g, "acompanhar?t=…");

describe("the preview is the e-mail the outbox sends", () => {
  it("previews a reply, then sends exactly that subject and text when 'Enviar por e-mail' is chosen", async () => {
    await call(
      "PATCH",
      `admin/settings/statuses/${fx.statusIds["Novo"]}`,
      {
        public_name: "Recebido",
        message_subject: "Protocolo {protocolo}: {status}",
        message_body: "Olá, {nome}.\n\n{observacoes}\n\nAcompanhe: {link}",
      },
      fx.tokens.admin,
    );
    const document = await newDocument();
    await call("POST", `documents/${document.id}/observations`, {
      text: "Recebemos seu pedido.",
      visibility: "customer",
    });
    const draft = "Falta a CNH:\nenvie frente e verso.";
    const preview = await call("POST", `documents/${document.id}/messages/preview`, { kind: "reply", text: draft });
    expect(preview).toMatchObject({
      send: true,
      reason: null,
      recipient: "j**********@e******.org",
      configured: true,
      // A reply is the instance's reply e-mail, not the status's notice.
      subject: `Resposta sobre o protocolo ${String(document.protocol)}`,
    });
    expect(preview.body).toContain("Olá, Joana Prado.");
    expect(preview.body).toContain("Recebemos seu pedido.\n\nFalta a CNH:\nenvie frente e verso.");
    expect(preview.body).toMatch(/Ver o andamento: http:\/\/localhost\/acompanhar\?t=/);
    // Nothing was written by the preview.
    expect(await app.db.outboxMessage.count({ where: { documentId: Number(document.id) } })).toBe(0);

    await call("POST", `documents/${document.id}/observations`, {
      text: draft,
      visibility: "customer",
      send_email: true,
    });
    expect((await send()).results).toEqual([{ id: expect.any(Number), outcome: "sent" }]);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual(["joana.prado@example.org"]);
    expect(mail!.subject).toBe(preview.subject);
    expect(withoutToken(mail!.text.trim())).toBe(withoutToken(String(preview.body)));

    // The page lists it with its text, masked recipient and state.
    const view = await call("GET", `documents/${document.id}`, undefined);
    expect((view.messages as Json[])[0]).toMatchObject({
      state: "sent",
      failure: null,
      recipient: "j**********@e******.org",
      // The reply e-mail as sent, with the customer's link shown only as a placeholder to staff.
      text: expect.stringContaining("Falta a CNH:\nenvie frente e verso."),
    });
    expect((view.messages as Json[])[0]!.text).toContain("/acompanhar?t=[link-pessoal-do-cliente]");
  });

  it("never e-mails an internal note, nor a reply without 'Enviar por e-mail'", async () => {
    const document = await newDocument();
    await call("POST", `documents/${document.id}/observations`, {
      text: "Interno: cliente ligou nervoso.",
      visibility: "internal",
      send_email: true,
    });
    await call("POST", `documents/${document.id}/observations`, {
      text: "Estamos analisando.",
      visibility: "customer",
    });
    expect(await app.db.outboxMessage.count({ where: { documentId: Number(document.id) } })).toBe(0);
    // The next e-mail carries the reply, never the internal note.
    const preview = await call("POST", `documents/${document.id}/messages/preview`, { kind: "reply", text: "Ok." });
    expect(preview.body).toContain("Estamos analisando.");
    expect(preview.body).not.toContain("Interno");
  });

  it("a reply is the reply e-mail whatever the status's notice says, and carries its text", async () => {
    await call(
      "PATCH",
      `admin/settings/statuses/${fx.statusIds["Cancelado"]}`,
      { message_subject: "Atualização do protocolo {protocolo}", message_body: "Olá, {nome}. Veja: {link}" },
      fx.tokens.admin,
    );
    const document = await newDocument();
    await call("POST", "document/updateById", { id: document.id, status_id: fx.statusIds["Cancelado"] });
    const preview = await call("POST", `documents/${document.id}/messages/preview`, {
      kind: "reply",
      text: "Cancelamos a pedido seu.",
    });
    expect(preview.subject).toBe(`Resposta sobre o protocolo ${String(document.protocol)}`);
    expect(String(preview.body)).toMatch(/^Olá, Joana Prado\.\n\nCancelamos a pedido seu\.\n\nAtenciosamente,/);
  });

  it("previews a status change: the subject when it notifies, why not otherwise", async () => {
    const target = fx.statusIds["Aguardando documentos"];
    await call(
      "PATCH",
      `admin/settings/statuses/${target}`,
      { notify_customer: true, message_subject: "Protocolo {protocolo}: precisamos de documentos" },
      fx.tokens.admin,
    );
    const document = await newDocument();
    expect(
      await call("POST", `documents/${document.id}/messages/preview`, { kind: "status", status_id: target }),
    ).toMatchObject({
      send: true,
      reason: null,
      recipient: "j**********@e******.org",
      subject: `Protocolo ${String(document.protocol)}: precisamos de documentos`,
    });
    await call(
      "PATCH",
      `admin/settings/statuses/${fx.statusIds["Em análise"]}`,
      { notify_customer: false },
      fx.tokens.admin,
    );
    expect(
      await call("POST", `documents/${document.id}/messages/preview`, {
        kind: "status",
        status_id: fx.statusIds["Em análise"],
      }),
    ).toEqual({
      send: false,
      reason: "status_silent",
      recipient: "j**********@e******.org",
      configured: true,
      subject: null,
      body: null,
    });
    const noEmail = await newDocument(null);
    expect(
      await call("POST", `documents/${noEmail.id}/messages/preview`, { kind: "status", status_id: target }),
    ).toMatchObject({ send: false, reason: "no_email", recipient: null });
    expect(await call("POST", `documents/${noEmail.id}/messages/preview`, { kind: "reply", text: "Oi" })).toMatchObject(
      { send: false, reason: "no_email" },
    );

    // Refusals: viewers, another instance's document or status, a bad body.
    const path = `documents/${document.id}/messages/preview`;
    expect((await request("POST", path, { kind: "reply", text: "x" }, fx.tokens.viewer)).status).toBe(403);
    const other = await createInstanceFixture(app.db, "other-preview");
    expect((await request("POST", path, { kind: "reply", text: "x" }, other.tokens.staff)).status).toBe(404);
    expect(
      (await request("POST", path, { kind: "status", status_id: other.statusIds["Novo"] }, fx.tokens.staff)).status,
    ).toBe(404);
    expect((await request("POST", path, { kind: "shout" }, fx.tokens.staff)).status).toBe(400);
  });
});

describe("message templates", () => {
  it("refuse every unknown placeholder when saved, naming them and the allowed ones", async () => {
    const refused = await request(
      "PATCH",
      `admin/settings/statuses/${fx.statusIds["Em análise"]}`,
      {
        message_subject: "Oi {cliente}",
        message_body: "Olá, {cliente}. Valor: {valor}. Protocolo {protocolo}. {cliente}",
      },
      fx.tokens.admin,
    );
    expect(refused.status).toBe(400);
    const allowed = "{nome}, {protocolo}, {status}, {link}, {observacoes}";
    expect(refused.body.errors).toEqual([
      expect.objectContaining({
        path: "message_subject",
        code: "unknown_placeholder",
        params: { placeholder: "{cliente}", allowed },
      }),
      expect.objectContaining({
        path: "message_body",
        code: "unknown_placeholder",
        params: { placeholder: "{cliente}, {valor}", allowed },
      }),
    ]);
    const status = await app.db.status.findUniqueOrThrow({ where: { id: fx.statusIds["Em análise"] } });
    expect(status.messageBody ?? "").not.toContain("{valor}");
  });

  it("'Enviar teste' sends the saved template through the outbox to the typed address, marked as a test, audited", async () => {
    const id = fx.statusIds["Aguardando documentos"];
    await call(
      "PATCH",
      `admin/settings/statuses/${id}`,
      {
        public_name: "Aguardando seus documentos",
        message_subject: "Protocolo {protocolo}: {status}",
        message_body: "Olá, {nome}.\n{observacoes}\n{link}",
      },
      fx.tokens.admin,
    );
    const queued = await call(
      "POST",
      `admin/settings/statuses/${id}/test-message`,
      { to: "gestora@example.net" },
      fx.tokens.admin,
    );
    expect(queued).toEqual({
      id: expect.any(Number),
      subject: "[TESTE] Protocolo 20260101-000001: Aguardando seus documentos",
    });
    expect((await send()).results).toEqual([{ id: queued.id, outcome: "sent" }]);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual(["gestora@example.net"]);
    expect(mail!.subject).toBe(queued.subject);
    expect(mail!.text).toContain("Mensagem de teste do modelo do status “Aguardando documentos”");
    expect(mail!.text).toContain("Olá, Maria Exemplo.");
    expect(mail!.headers["message-id"]).toContain(`outbox-${String(queued.id)}.`);
    const audit = await app.db.auditLog.findFirstOrThrow({
      where: { instanceId: fx.instanceId, action: "status.test_message" },
      orderBy: { id: "desc" },
    });
    expect(audit).toMatchObject({ entity: "status", entityId: String(id) });
    expect(JSON.stringify(audit.details)).not.toContain("gestora@example.net");
    expect(audit.details).toMatchObject({ outbox_id: queued.id, to: expect.stringMatching(/^g\*+@e\*+\.net$/) });

    const path = `admin/settings/statuses/${id}/test-message`;
    expect((await request("POST", path, { to: "gestora@example.net" }, fx.tokens.staff)).status).toBe(403);
    const bad = await request("POST", path, { to: "a@b.c, d@e.f" }, fx.tokens.admin);
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([expect.objectContaining({ path: "to" })]);
    const other = await createInstanceFixture(app.db, "other-test-send");
    expect((await request("POST", path, { to: "x@example.net" }, other.tokens.admin)).status).toBe(404);
  });
});

describe("a failed e-mail", () => {
  it("says why with a code and can be resent (a new copy, audited)", async () => {
    await call(
      "PATCH",
      `admin/settings/statuses/${fx.statusIds["Em análise"]}`,
      { notify_customer: true },
      fx.tokens.admin,
    );
    const document = await newDocument();
    await call("POST", "document/updateById", { id: document.id, status_id: fx.statusIds["Em análise"] });
    smtp.refuse({ code: 550, message: "5.1.1 No such user here" });
    const [failed] = (await send()).results;
    expect(failed).toMatchObject({ outcome: "failed" });
    const [message] = (await call("GET", `documents/${document.id}`, undefined)).messages as Json[];
    expect(message).toMatchObject({ id: failed!.id, state: "failed", failure: "recipient_refused", last_error: null });

    const resent = await call("POST", `documents/${document.id}/messages/${failed!.id}/resend`, {});
    expect(resent).toEqual({ id: expect.any(Number), resent_from: failed!.id });
    smtp.refuse(null);
    expect((await send()).results).toEqual([{ id: resent.id, outcome: "sent" }]);
    const messages = (await call("GET", `documents/${document.id}`, undefined)).messages as Json[];
    expect(messages.map((row) => [row.id, row.state, row.failure])).toEqual([
      [resent.id, "sent", null],
      [failed!.id, "failed", "recipient_refused"],
    ]);
    expect(
      await app.db.auditLog.count({
        where: { instanceId: fx.instanceId, action: "document.resend_email", entityId: String(document.id) },
      }),
    ).toBe(1);
  });
});
