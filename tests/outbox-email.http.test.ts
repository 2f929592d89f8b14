// Customer e-mails through the outbox, on a real database and a real SMTP server in this process:
// a status that notifies queues one message in the status change's transaction; the worker sends it once (claim +
// lease + a "sending" mark), retries temporary refusals with backoff, fails permanent ones, never re-sends a message
// whose outcome is unknown, and leaves messages waiting (shown as such) without SMTP_URL. Runs on PGlite and PostgreSQL.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { defaultSession } from "@/lib/db/sql-session.ts";
import { claimDueEmails, processDueEmails, UNKNOWN_OUTCOME } from "@/lib/outbox/server/email-queue.ts";
import { verifyTrackingToken } from "@/lib/outbox/server/tracking-link.ts";
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
});
afterAll(async () => {
  await smtp?.close();
  await app?.close();
});
beforeEach(async () => {
  process.env.SMTP_URL = smtp.url;
  smtp.refuse(null);
  smtp.messages.length = 0;
  // Messages left by an earlier case must not be sent by this one.
  await app.db.outboxMessage.updateMany({ where: { status: "pending" }, data: { status: "failed" } });
});

async function call(method: string, route: string, body: unknown, token = fx.tokens.admin): Promise<Json> {
  const response = await fetch(`${app.baseUrl}/api/${route}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.status, `${method} ${route}: ${text}`).toBeLessThan(300);
  return text ? (JSON.parse(text) as Json) : {};
}

const NOTIFYING = {
  notify_customer: true,
  public_name: "Em análise pela equipe",
  message_subject: "Protocolo {protocolo}: {status}",
  message_body: "Olá, {nome}.\n\nStatus: {status}\n\n{observacoes}\n\nAcompanhe: {link}",
};

async function newDocument(email: string | null = "cliente.teste@example.org"): Promise<Json> {
  return call(
    "POST",
    "document/create",
    { status_id: fx.statusIds["Novo"], product_id: fx.productId, cpf: "11144477735", name: "Joana Prado", email },
    fx.tokens.staff,
  );
}

const observe = (id: unknown, text: string, visibility: "internal" | "customer") =>
  call("POST", `documents/${id}/observations`, { text, visibility }, fx.tokens.staff);

const moveTo = (id: unknown, status: keyof InstanceFixture["statusIds"]) =>
  call("POST", "document/updateById", { id, status_id: fx.statusIds[status] }, fx.tokens.staff);

const send = () => processDueEmails({ owner: "outbox-test", settings: { retryBaseSeconds: 30 } });

describe("statuses configure the customer's message", () => {
  it("keeps the flag, the public name and the template, and refuses bad values", async () => {
    const id = fx.statusIds["Em análise"];
    const saved = await call("PATCH", `admin/settings/statuses/${id}`, NOTIFYING);
    expect(saved).toMatchObject(NOTIFYING);
    const refused = await fetch(`${app.baseUrl}/api/admin/settings/statuses/${id}`, {
      method: "PATCH",
      headers: { "content-type": "application/json", authorization: `Bearer ${fx.tokens.admin}` },
      body: JSON.stringify({ notify_customer: "yes", message_subject: "" }),
    });
    expect(refused.status).toBe(400);
    // An unknown placeholder would reach the customer literally — refused when saved, naming it.
    const unknown = await fetch(`${app.baseUrl}/api/admin/settings/statuses/${id}`, {
      method: "PATCH",
      headers: { "content-type": "application/json", authorization: `Bearer ${fx.tokens.admin}` },
      body: JSON.stringify({ message_body: "Olá, {cliente}. Protocolo {protocolo}." }),
    });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as Json).errors).toEqual([
      expect.objectContaining({
        path: "message_body",
        code: "unknown_placeholder",
        params: { placeholder: "{cliente}", allowed: "{nome}, {protocolo}, {status}, {link}, {observacoes}" },
      }),
    ]);
    // The public catalog is unchanged: integrators see no templates.
    const catalog = (await call("POST", "status/loadAll", {}, fx.tokens.staff)) as unknown as Json[];
    expect(catalog.find((status) => status.id === id)).not.toHaveProperty("message_body");
  });
});

describe("a status change with notify", () => {
  it("sends one e-mail with the customer's observations since the last message, never the internal ones", async () => {
    await call("PATCH", `admin/settings/statuses/${fx.statusIds["Em análise"]}`, NOTIFYING);
    const document = await newDocument();
    await observe(document.id, "Recebemos sua apólice anterior.", "customer");
    await observe(document.id, "Cliente parece confuso (interno).", "internal");
    await moveTo(document.id, "Em análise");

    const queued = await app.db.outboxMessage.findMany({ where: { documentId: Number(document.id) } });
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ status: "pending", recipient: "cliente.teste@example.org", attempts: 0 });

    expect((await send()).results).toEqual([{ id: queued[0]!.id, outcome: "sent" }]);
    const [mail] = await smtp.waitFor(1);
    expect(smtp.messages).toHaveLength(1);
    expect(mail!.to).toEqual(["cliente.teste@example.org"]);
    expect(mail!.subject).toBe(`Protocolo ${String(document.protocol)}: Em análise pela equipe`);
    expect(mail!.text).toContain("Olá, Joana Prado.");
    expect(mail!.text).toContain("Status: Em análise pela equipe");
    expect(mail!.text).toContain("- Recebemos sua apólice anterior.");
    expect(mail!.text).not.toContain("interno");
    const link = /Acompanhe: (\S+)/.exec(mail!.text)?.[1] ?? "";
    expect(link).toMatch(/^http:\/\/localhost\/acompanhar\?t=/);
    expect(verifyTrackingToken(new URL(link).searchParams.get("t")!)).toBe(document.uuid);
    expect(mail!.headers["message-id"]).toContain(`outbox-${queued[0]!.id}.`);

    // Sent is final: another pass sends nothing.
    expect((await send()).claimed).toBe(0);
    const row = await app.db.outboxMessage.findUniqueOrThrow({ where: { id: queued[0]!.id } });
    expect(row).toMatchObject({ status: "sent", attempts: 1, sendingSince: null, leaseOwner: null });
    expect(row.sentAt).toBeInstanceOf(Date);

    // The next notifying status carries only what was written since that message.
    await call("PATCH", `admin/settings/statuses/${fx.statusIds["Aguardando documentos"]}`, {
      notify_customer: true,
    });
    await observe(document.id, "Envie a CNH, por favor.", "customer");
    await moveTo(document.id, "Aguardando documentos");
    await send();
    const [, second] = await smtp.waitFor(2);
    expect(second!.subject).toBe(`Protocolo ${String(document.protocol)}: Aguardando documentos`);
    expect(second!.text).toContain("- Envie a CNH, por favor.");
    expect(second!.text).not.toContain("apólice anterior");
  });

  it("queues nothing for a status without notify, or a document without e-mail", async () => {
    const withoutEmail = await newDocument(null);
    await moveTo(withoutEmail.id, "Em análise");
    const plain = await newDocument();
    await moveTo(plain.id, "Cancelado");
    const rows = await app.db.outboxMessage.count({
      where: { documentId: { in: [Number(withoutEmail.id), Number(plain.id)] } },
    });
    expect(rows).toBe(0);
  });

  it("lists the messages on the document page: when, to whom (masked), state; errors for admins only", async () => {
    const document = await newDocument();
    await moveTo(document.id, "Em análise");
    delete process.env.SMTP_URL;
    expect((await send()).claimed).toBe(0);
    const page = async (token: string) =>
      (await call("GET", `documents/${document.id}`, undefined, token)).messages as Json[];
    expect(await page(fx.tokens.staff)).toEqual([
      expect.objectContaining({
        channel: "email",
        recipient: "c************@e******.org",
        status: "pending",
        state: "not_configured",
        sent_at: null,
        created_at: expect.any(String),
      }),
    ]);
    process.env.SMTP_URL = smtp.url;
    smtp.refuse({ code: 451, message: "Mailbox cliente.teste@example.org busy, try later" });
    expect((await send()).results).toEqual([
      { id: expect.any(Number), outcome: "retry", attempts: 1, error: expect.stringContaining("451") },
    ]);
    const [forAdmin] = await page(fx.tokens.admin);
    expect(forAdmin).toMatchObject({ state: "retrying", attempts: 1, next_attempt_at: expect.any(String) });
    expect(String(forAdmin!.last_error)).toContain("451");
    expect(String(forAdmin!.last_error)).not.toContain("cliente.teste@example.org");
    expect((await page(fx.tokens.staff))[0]!.last_error).toBeNull();
  });
});

describe("delivery guarantees", () => {
  it("retries a temporary refusal with backoff, then delivers exactly once", async () => {
    const document = await newDocument();
    await moveTo(document.id, "Em análise");
    smtp.refuse({ code: 451, message: "try later" });
    const [first] = (await send()).results;
    expect(first).toMatchObject({ outcome: "retry", attempts: 1 });
    const row = await app.db.outboxMessage.findUniqueOrThrow({ where: { id: first!.id } });
    expect(row.notBefore.getTime() - Date.now()).toBeGreaterThan(20_000);
    expect((await send()).claimed).toBe(0); // not due yet
    smtp.refuse(null);
    await app.db.outboxMessage.update({ where: { id: row.id }, data: { notBefore: new Date() } });
    expect((await send()).results).toEqual([{ id: row.id, outcome: "sent" }]);
    expect(smtp.messages).toHaveLength(1);
    expect(await app.db.outboxMessage.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({
      status: "sent",
      attempts: 2,
      lastError: null,
    });
  });

  it("fails a permanent refusal at once; staff see the text sent and can resend it (issue 22)", async () => {
    const document = await newDocument();
    await moveTo(document.id, "Em análise");
    smtp.refuse({ code: 550, message: "No such user" });
    const [failed] = (await send()).results;
    expect(failed).toEqual({
      id: expect.any(Number),
      outcome: "failed",
      attempts: 1,
      error: expect.stringContaining("550"),
    });

    // The document page shows the message's text to staff (not to viewers), with its recipient and state.
    const view = await call("GET", `documents/${document.id}`, undefined, fx.tokens.staff);
    const [message] = view.messages as Json[];
    expect(message).toMatchObject({ id: failed!.id, state: "failed", recipient: "c************@e******.org" });
    expect(String(message!.text)).toContain("Olá, Joana Prado.");
    // Before a status change is confirmed, the page knows which statuses e-mail the customer, and to whom.
    expect(view.notify).toEqual({
      status_ids: expect.arrayContaining([fx.statusIds["Em análise"]]),
      recipient: "c************@e******.org",
      configured: true,
    });
    const forViewer = await call("GET", `documents/${document.id}`, undefined, fx.tokens.viewer);
    expect((forViewer.messages as Json[])[0]!.text).toBeNull();

    const resend = (token: string, id = failed!.id) =>
      fetch(`${app.baseUrl}/api/documents/${document.id}/messages/${id}/resend`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: "{}",
      });
    expect((await resend(fx.tokens.viewer)).status).toBe(403);
    const resent = await resend(fx.tokens.staff);
    expect(resent.status).toBe(200);
    const copy = (await resent.json()) as Json;
    expect(copy).toEqual({ id: expect.any(Number), resent_from: failed!.id });
    smtp.refuse(null);
    expect((await send()).results).toEqual([{ id: copy.id, outcome: "sent" }]);
    expect(smtp.messages.at(-1)!.text).toContain("Joana Prado");
    // Only a failed e-mail can be resent; another instance's cannot be reached.
    expect((await resend(fx.tokens.staff, copy.id as number)).status).toBe(409);
    const other = await createInstanceFixture(app.db, "other-resend");
    expect((await resend(other.tokens.staff)).status).toBe(404);
    expect(await app.db.auditLog.count({ where: { instanceId: fx.instanceId, action: "document.resend_email" } })).toBe(
      1,
    );
  });

  it("gives up after the last attempt", async () => {
    const document = await newDocument();
    await moveTo(document.id, "Em análise");
    smtp.refuse({ code: 421, message: "closing" });
    const settings = { maxAttempts: 2, retryBaseSeconds: 0 };
    expect((await processDueEmails({ owner: "a", settings })).results[0]).toMatchObject({ outcome: "retry" });
    expect((await processDueEmails({ owner: "a", settings })).results[0]).toMatchObject({
      outcome: "failed",
      attempts: 2,
    });
  });

  it("does not send again a message whose worker died while sending it", async () => {
    const document = await newDocument();
    await moveTo(document.id, "Em análise");
    const session = await defaultSession();
    // A worker claimed it and marked it as leaving, then died: its lease lapses with the mark still there.
    const [claimed] = await claimDueEmails(session, { owner: "dead-worker", limit: 10, leaseSeconds: 30 });
    await app.db.outboxMessage.update({
      where: { id: claimed!.id },
      data: { sendingSince: new Date(), leaseUntil: new Date(Date.now() - 1000) },
    });
    expect((await send()).results).toEqual([
      { id: claimed!.id, outcome: "failed", attempts: 0, error: UNKNOWN_OUTCOME },
    ]);
    expect(smtp.messages).toHaveLength(0);
  });

  it("two workers at once send each message once", async () => {
    for (let i = 0; i < 6; i += 1) await moveTo((await newDocument(`c${i}@example.org`)).id, "Em análise");
    const [a, b] = await Promise.all([
      processDueEmails({ owner: "worker-a", limit: 3 }),
      processDueEmails({ owner: "worker-b", limit: 3 }),
    ]);
    const more = await processDueEmails({ owner: "worker-c" });
    expect(a.claimed + b.claimed + more.claimed).toBe(6);
    await smtp.waitFor(6);
    expect(smtp.messages.map((mail) => mail.to[0]).sort()).toEqual([0, 1, 2, 3, 4, 5].map((i) => `c${i}@example.org`));
  });
});
