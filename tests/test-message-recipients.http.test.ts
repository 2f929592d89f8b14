// "Enviar teste" sends through the operator's sender, so it cannot be a way to mail anyone: over real HTTP on the built
// app, a real database (PGlite and PostgreSQL) and a real SMTP server in this process, a test goes only to an address
// of the instance's own (active) users — the admin's own included — and an instance sends at most a few an hour.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { processDueEmails } from "@/lib/outbox/server/email-queue.ts";
import { TEST_MESSAGES_PER_HOUR } from "@/lib/outbox/server/send-test-message.ts";
import { createInstanceFixture, type InstanceFixture } from "./helpers/fixtures.ts";
import { hashTestPassword } from "./helpers/passwords.ts";
import { startSmtpSink, type SmtpSink } from "./helpers/smtp-sink.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";

type Json = Record<string, any>;

let app: TestApp;
let fx: InstanceFixture;
let other: InstanceFixture;
let smtp: SmtpSink;

async function addUser(instance: InstanceFixture, email: string, disabled = false) {
  await app.db.user.create({
    data: {
      instanceId: instance.instanceId,
      email,
      name: email.split("@")[0]!,
      role: "staff",
      passwordHash: await hashTestPassword("senha-de-teste-123"),
      disabled,
    },
  });
}

async function sendTest(to: string, instance = fx) {
  const response = await fetch(
    `${app.baseUrl}/api/admin/settings/statuses/${instance.statusIds["Novo"]}/test-message`,
    {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${instance.tokens.admin}` },
      body: JSON.stringify({ to }),
    },
  );
  return { status: response.status, headers: response.headers, body: (await response.json()) as Json };
}

const deliver = () => processDueEmails({ owner: "test-message-recipients", settings: { retryBaseSeconds: 30 } });

beforeAll(async () => {
  app = await startTestApp();
  fx = await createInstanceFixture(app.db);
  other = await createInstanceFixture(app.db, "other-test-recipients");
  smtp = await startSmtpSink();
  await addUser(fx, "gestora@example.net");
  await addUser(fx, "antigo@example.net", true);
  await addUser(other, "vizinha@example.net");
});
afterAll(async () => {
  await smtp?.close();
  await app?.close();
});
beforeEach(() => {
  process.env.SMTP_URL = smtp.url;
  smtp.messages.length = 0;
});

describe("who a test e-mail may go to", () => {
  it("refuses an address that is not one of the instance's users, with a field error the page words in Portuguese", async () => {
    for (const to of ["alvo@example.org", "vizinha@example.net", "antigo@example.net"]) {
      const refused = await sendTest(to);
      expect(refused.status, to).toBe(400);
      expect(refused.body.errors, to).toEqual([
        expect.objectContaining({ path: "to", code: "test_recipient_not_user" }),
      ]);
    }
    expect(await app.db.outboxMessage.count({ where: { instanceId: fx.instanceId } })).toBe(0);
    await deliver();
    expect(smtp.messages).toHaveLength(0);
  });

  it("sends to a user of the instance, however the address is cased", async () => {
    const queued = await sendTest("Gestora@Example.NET");
    expect(queued.status, JSON.stringify(queued.body)).toBe(200);
    expect((await deliver()).results).toEqual([{ id: queued.body.id, outcome: "sent" }]);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual(["gestora@example.net"]);
    expect(mail!.subject).toMatch(/^\[TESTE\] /);
  });
});

describe("how many", () => {
  it(`brakes an instance after ${TEST_MESSAGES_PER_HOUR} in an hour with 429 and Retry-After; another instance is not braked`, async () => {
    const already = await app.db.outboxMessage.count({ where: { instanceId: fx.instanceId, documentId: null } });
    for (let sent = already; sent < TEST_MESSAGES_PER_HOUR; sent += 1) {
      expect((await sendTest("gestora@example.net")).status).toBe(200);
    }
    const braked = await sendTest("gestora@example.net");
    expect(braked.status).toBe(429);
    expect(braked.body).toMatchObject({ status: "error", code: "test_message_quota" });
    expect(Number(braked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await app.db.outboxMessage.count({ where: { instanceId: fx.instanceId, documentId: null } })).toBe(
      TEST_MESSAGES_PER_HOUR,
    );
    expect((await sendTest("vizinha@example.net", other)).status).toBe(200);
  });
});
