// Only the customer speaks as the customer: what staff see of a message (the composer's preview, the sent messages
// on the document page) carries no tracking link that opens the customer's page — the real link is minted only into
// the outgoing e-mail; tracking tokens are bound to their purpose and revocable per document; the history and the
// notes tell the customer from staff by what wrote them, never by a label a person could type.
import { createHmac } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { systemActor, type Actor } from "@/lib/auth/actor.ts";
import { appSecret } from "@/lib/auth/server/secrets.ts";
import { closeDb, getDb, type Db } from "@/lib/db/client.ts";
import { addObservation } from "@/lib/documents/server/add-observation.ts";
import { loadDocumentHistory } from "@/lib/documents/server/load-document-history.ts";
import { loadDocumentForStaff } from "@/lib/documents/server/load-document-for-staff.ts";
import { processDueEmails } from "@/lib/outbox/server/email-queue.ts";
import { loadDocumentMessages } from "@/lib/outbox/server/load-document-messages.ts";
import { previewMessage } from "@/lib/outbox/server/preview-message.ts";
import { replyFromCustomer } from "@/lib/tracking/server/reply-from-customer.ts";
import { revokeTrackingLinks } from "@/lib/tracking/server/revoke-tracking-links.ts";
import { trackingView } from "@/lib/tracking/server/view.ts";
import { cpfFromBase, createLgpdInstance, insertDocument, type LgpdInstance } from "./helpers/lgpd.ts";
import { startSmtpSink, type SmtpSink } from "./helpers/smtp-sink.ts";
import { createMigratedDatabase } from "./helpers/test-database.ts";

let database: Awaited<ReturnType<typeof createMigratedDatabase>>;
let db: Db;
let sink: SmtpSink;
let instance: LgpdInstance;
let staff: Actor;
const owner = "conversation-security-test";
const customer = { address: "203.0.113.9", requestId: "req-customer" };

beforeAll(async () => {
  process.env.NEXTAUTH_SECRET ??= "test-secret-for-vitest-only";
  database = await createMigratedDatabase();
  db = await getDb();
  sink = await startSmtpSink();
  instance = await createLgpdInstance(db, "acme-conversation");
  // A staff member whose name reads like the customer's label: the record must still not credit the customer.
  const user = await db.user.create({
    data: {
      instanceId: instance.instanceId,
      name: "cliente (página de acompanhamento)",
      email: "cliente-falso@example.com",
      role: "staff",
      passwordHash: "x",
    },
  });
  staff = {
    type: "user",
    id: user.id,
    label: "cliente (página de acompanhamento)",
    instanceId: instance.instanceId,
    role: "staff",
    userId: user.id,
  };
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  await sink?.close();
  await closeDb();
  await database?.cleanup();
});
beforeEach(() => {
  delete process.env.SMTP_URL;
});

const linkTokens = (text: string | null) => [...(text ?? "").matchAll(/\/acompanhar\?t=([^\s)]+)/g)].map((m) => m[1]!);

/** Whether `token` opens the customer's page (the view refuses every bad token with the same 404). */
async function opens(token: string): Promise<boolean> {
  return trackingView(token).then(
    () => true,
    () => false,
  );
}

describe("staff never hold a live tracking link", () => {
  it("the reply preview and the sent message's text on the document page carry a placeholder; the e-mail the real link", async () => {
    const document = await insertDocument(db, instance, cpfFromBase(318_000_001));
    const preview = await previewMessage(
      { actor: staff },
      { documentId: document.id, message: { kind: "reply", text: "Recebemos a CNH." } },
    );
    expect(preview.send).toBe(true);
    for (const token of linkTokens(preview.body)) expect(await opens(token)).toBe(false);
    expect(preview.body).toContain("/acompanhar");

    await addObservation(
      { actor: staff },
      { documentId: document.id, text: "Recebemos a CNH.", visibility: "customer", sendCommunication: true },
    );
    const [listed] = await loadDocumentMessages({ actor: staff }, { documentId: document.id });
    expect(listed!.text).toContain("/acompanhar");
    for (const token of linkTokens(listed!.text)) expect(await opens(token)).toBe(false);
    const stored = await db.outboxMessage.findFirstOrThrow({ where: { documentId: document.id } });
    for (const token of linkTokens(stored.body)) expect(await opens(token)).toBe(false);

    process.env.SMTP_URL = sink.url;
    const before = sink.messages.length;
    await processDueEmails({ owner });
    const [mail] = (await sink.waitFor(before + 1)).slice(before);
    const [sent] = linkTokens(mail!.text);
    expect(sent).toBeDefined();
    expect(await opens(sent!)).toBe(true);
    expect(mail!.text).toContain("Recebemos a CNH.");
  });
});

describe("tracking tokens", () => {
  it("are revocable per document: a revoked link no longer opens the page, another document's still does", async () => {
    const document = await insertDocument(db, instance, cpfFromBase(318_000_002));
    const neighbour = await insertDocument(db, instance, cpfFromBase(318_000_003));
    const tokens: string[] = [];
    for (const id of [document.id, neighbour.id]) {
      await addObservation(
        { actor: staff },
        { documentId: id, text: "Olá", visibility: "customer", sendCommunication: true },
      );
    }
    process.env.SMTP_URL = sink.url;
    const before = sink.messages.length;
    await processDueEmails({ owner });
    const mails = (await sink.waitFor(before + 2)).slice(before);
    for (const mail of mails) tokens.push(linkTokens(mail.text)[0]!);
    expect(await Promise.all(tokens.map(opens))).toEqual([true, true]);

    await revokeTrackingLinks({ actor: staff }, { documentId: document.id });
    const opened = await Promise.all(tokens.map(opens));
    // Which token is whose: the page names its protocol.
    const protocols = await Promise.all(
      tokens.map((token) =>
        trackingView(token).then(
          (view) => view.protocol,
          () => null,
        ),
      ),
    );
    expect(opened.filter(Boolean)).toHaveLength(1);
    expect(protocols).toContain(neighbour.protocol);
    expect(protocols).not.toContain(document.protocol);
    const history = await loadDocumentHistory({ actor: staff }, { id: document.id });
    expect(history[0]).toMatchObject({ action: "tracking_links_revoked", actor_type: "user" });
  });

  it("are bound to their purpose: an unscoped token of the old format cannot post as the customer (it only reads)", async () => {
    const document = await insertDocument(db, instance, cpfFromBase(318_000_004));
    const payload = `${document.uuid}.${Math.floor(Date.now() / 1000) + 86_400}`;
    const signature = createHmac("sha256", appSecret()).update(`tracking:${payload}`, "utf8").digest("base64url");
    const legacy = `${payload}.${signature}`;
    await expect(
      replyFromCustomer(customer, { token: legacy, text: "Concordo com a recusa e desisto do pedido." }),
    ).rejects.toMatchObject({ kind: "forbidden", code: "tracking_link_read_only" });
    expect(await db.observation.count({ where: { documentId: document.id } })).toBe(0);
  });
});

describe("the record tells the customer from staff", () => {
  it("credits the customer by what wrote the note, never by a label a staff member could carry", async () => {
    const document = await insertDocument(db, instance, cpfFromBase(318_000_005));
    await addObservation({ actor: staff }, { documentId: document.id, text: "nota da equipe", visibility: "customer" });
    await addObservation(
      { actor: systemActor("customer", instance.instanceId, "cliente (página de acompanhamento)") },
      { documentId: document.id, text: "o BO ainda não saiu", visibility: "customer", origin: "client" },
    );
    const history = await loadDocumentHistory({ actor: staff }, { id: document.id });
    expect(history.map((entry) => entry.actor_type)).toEqual(["customer", "user"]);
    const view = await loadDocumentForStaff({ actor: staff }, { id: document.id });
    const byText = Object.fromEntries(view.observations.map((o) => [o.text, o.from_customer]));
    expect(byText).toEqual({ "nota da equipe": false, "o BO ainda não saiu": true });
  });
});
