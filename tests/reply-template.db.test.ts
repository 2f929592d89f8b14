// A reply to the customer is a reply, not a status notice: its own template per instance (greeting, the text, the
// signature, the "ver o andamento" link, the protocol as reference), checked for unknown placeholders when saved and
// sent as a test like the status templates; the composer's preview is what leaves (bar the link's personal token).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor.ts";
import { closeDb, getDb, type Db } from "@/lib/db/client.ts";
import { addObservation } from "@/lib/documents/server/add-observation.ts";
import { processDueEmails } from "@/lib/outbox/server/email-queue.ts";
import { previewMessage } from "@/lib/outbox/server/preview-message.ts";
import { saveReplyTemplate, sendReplyTestMessage } from "@/lib/outbox/server/reply-template.ts";
import { cpfFromBase, createLgpdInstance, insertDocument, type LgpdInstance } from "./helpers/lgpd.ts";
import { startSmtpSink, type SmtpSink } from "./helpers/smtp-sink.ts";
import { createMigratedDatabase } from "./helpers/test-database.ts";

let database: Awaited<ReturnType<typeof createMigratedDatabase>>;
let db: Db;
let sink: SmtpSink;
let instance: LgpdInstance;
let admin: Actor;

beforeAll(async () => {
  process.env.NEXTAUTH_SECRET ??= "test-secret-for-vitest-only";
  database = await createMigratedDatabase();
  db = await getDb();
  sink = await startSmtpSink();
  instance = await createLgpdInstance(db, "acme-replies");
  await db.trackingPageSettings.create({ data: { instanceId: instance.instanceId, companyName: "Seguradora Acme" } });
  const user = await db.user.create({
    data: {
      instanceId: instance.instanceId,
      name: "Admin",
      email: "admin@acme.example",
      role: "admin",
      passwordHash: "x",
    },
  });
  admin = {
    type: "user",
    id: user.id,
    label: user.email,
    instanceId: instance.instanceId,
    role: "admin",
    userId: user.id,
  };
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  await sink?.close();
  await closeDb();
  await database?.cleanup();
});

describe("a reply e-mail", () => {
  it("reads as a reply by default: greeting, the text, the signature, the link and the protocol — no status notice", async () => {
    const document = await insertDocument(db, instance, cpfFromBase(320_000_001));
    const text = "Olá! Recebemos a CNH; falta o BO.";
    const preview = await previewMessage(
      { actor: admin },
      { documentId: document.id, message: { kind: "reply", text } },
    );
    expect(preview.subject).not.toMatch(/: Novo$/);
    expect(preview.subject).toContain(document.protocol);
    expect(preview.body).not.toContain("agora está em");
    expect(preview.body).not.toContain("Observações:");
    expect(preview.body).toContain("Olá, Maria da Silva.");
    expect(preview.body).toContain(text);
    expect(preview.body).toContain("Seguradora Acme");
    expect(preview.body).toMatch(/andamento.*\/acompanhar/i);
    expect(preview.body).toContain(document.protocol);

    await addObservation(
      { actor: admin },
      { documentId: document.id, text, visibility: "customer", sendCommunication: true },
    );
    process.env.SMTP_URL = sink.url;
    await processDueEmails({ owner: "reply-template-test" });
    const [mail] = await sink.waitFor(1);
    const withoutToken = (body: string) => body.replace(/acompanhar\?t=\S+/g, "acompanhar?t=…");
    expect(mail!.subject).toBe(preview.subject);
    expect(withoutToken(mail!.text.trim())).toBe(withoutToken(preview.body!));
  });

  it("is the instance's own template, refused with an unknown placeholder, and sent as a test like a status's", async () => {
    await expect(
      saveReplyTemplate({ actor: admin }, { subject: "Re: {protocolo}", body: "Oi {cliente}, {mensagem}" }),
    ).rejects.toMatchObject({ kind: "invalid" });
    await saveReplyTemplate(
      { actor: admin },
      {
        subject: "Re: protocolo {protocolo}",
        body: "Prezado(a) {nome},\n\n{mensagem}\n\n— {empresa}\nAndamento: {link}",
      },
    );
    const document = await insertDocument(db, instance, cpfFromBase(320_000_002));
    const preview = await previewMessage(
      { actor: admin },
      { documentId: document.id, message: { kind: "reply", text: "Tudo certo." } },
    );
    expect(preview.subject).toBe(`Re: protocolo ${document.protocol}`);
    expect(preview.body).toMatch(/^Prezado\(a\) Maria da Silva,\n\nTudo certo\.\n\n— Seguradora Acme\nAndamento: /);

    const queued = await sendReplyTestMessage({ actor: admin }, { to: "admin@acme.example" });
    expect(queued.subject).toMatch(/^\[TESTE\] Re: protocolo /);
    const row = await db.outboxMessage.findUniqueOrThrow({ where: { id: queued.id } });
    expect(row).toMatchObject({ recipient: "admin@acme.example", documentId: null });
    expect(row.body).toContain("— Seguradora Acme");
  });
});
