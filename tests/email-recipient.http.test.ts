// The customer's e-mail is one address: refused at create, update and import when it is a
// list or carries a header break; and checked again when a message is sent (rows saved before the check), so the
// SMTP server (a real one, tests/helpers/smtp-sink.ts) is never given a second recipient. PGlite and PostgreSQL.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { processDueEmails } from "@/lib/outbox/server/email-queue.ts";
import { createInstanceFixture, type InstanceFixture } from "./helpers/fixtures.ts";
import { startSmtpSink, type SmtpSink } from "./helpers/smtp-sink.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";

let app: TestApp;
let fx: InstanceFixture;
let smtp: SmtpSink;

const HOSTILE = [
  "victim@example.org, attacker@example.net",
  "victim@example.org;attacker@example.net",
  "victim@example.org\r\nBcc: attacker@example.net",
  "victim@example.org\nBcc: attacker@example.net",
  "Victim <victim@example.org>, attacker@example.net",
  "not-an-address",
];

beforeAll(async () => {
  app = await startTestApp();
  fx = await createInstanceFixture(app.db, "default");
  smtp = await startSmtpSink();
});
afterAll(async () => {
  await smtp?.close();
  await app?.close();
});
beforeEach(() => {
  process.env.SMTP_URL = smtp.url;
  smtp.messages.length = 0;
});

const post = (route: string, body: unknown) => app.post(route, body, { token: fx.tokens.staff });
const base = () => ({ status_id: fx.statusIds["Novo"], product_id: fx.productId, cpf: "11144477735" });

describe("saving the e-mail", () => {
  it("refuses a list or a header break at create, update and import; keeps one address and empty", async () => {
    for (const email of HOSTILE) {
      expect((await post("document/create", { ...base(), email })).status, JSON.stringify(email)).toBe(400);
    }
    const created = await post("document/create", { ...base(), email: "  cliente@example.org " });
    expect(created.status).toBe(200);
    const { id } = (await created.json()) as { id: number };
    for (const email of HOSTILE) {
      expect((await post("document/updateById", { id, email })).status, JSON.stringify(email)).toBe(400);
    }
    expect((await post("document/updateById", { id, email: "" })).status).toBe(200);
    expect((await post("document/updateById", { id, email: null })).status).toBe(200);
    const before = await app.db.document.count();
    const rows = HOSTILE.map((email) => ({ status: "Novo", product: "Seguro Auto", cpf: "111.444.777-35", email }));
    const imported = await post("documents/import", { rows });
    expect(imported.status).toBe(400);
    expect(await app.db.document.count()).toBe(before);
  });
});

describe("sending to an address saved before the check", () => {
  it("gives nodemailer one address or nothing: a list or an injected Bcc fails the message, nobody is mailed", async () => {
    await app.db.status.update({
      where: { id: fx.statusIds["Em análise"] },
      data: { notifyCustomer: true, messageSubject: "Protocolo {protocolo}", messageBody: "Olá, {nome}." },
    });
    const outcomes: string[] = [];
    for (const email of HOSTILE.slice(0, 3)) {
      const created = await post("document/create", { ...base(), email: "cliente@example.org" });
      const { id } = (await created.json()) as { id: number };
      await app.db.document.update({ where: { id }, data: { email } });
      expect((await post("document/updateById", { id, status_id: fx.statusIds["Em análise"] })).status).toBe(200);
      const { results } = await processDueEmails({ owner: "recipient-test" });
      outcomes.push(...results.map((result) => result.outcome));
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messages.flatMap((message) => message.to)).toEqual([]);
    expect(outcomes).toEqual(["failed", "failed", "failed"]);
    const rows = await app.db.outboxMessage.findMany({ where: { channel: "email" } });
    expect(rows.every((row) => !row.lastError?.includes("attacker"))).toBe(true);
  });
});
