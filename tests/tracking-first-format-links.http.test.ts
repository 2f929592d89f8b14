// Links in e-mails sent before tracking tokens carried a purpose and a generation (`<uuid>.<expiry>.<hmac>`): customers
// still hold them, so they open the tracking page read-only until they expire; replying and uploading need a token of
// the current format (the lookup by protocol and CPF, or the next e-mail's link), since staff once saw those links.
// Over real HTTP on a real database (PGlite or PostgreSQL).
import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appSecret } from "@/lib/auth/server/secrets.ts";
import { createInstanceFixture, type InstanceFixture } from "./helpers/fixtures.ts";
import { samplePdf } from "./helpers/sample-files.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";

type Json = Record<string, any>;

let app: TestApp;
let fx: InstanceFixture;
let document: Json;
let requestId: number;

/** A token as the first format minted it (the e-mails of last week carry these). */
function firstFormatToken(uuid: string, expiresAt: Date): string {
  const payload = `${uuid}.${Math.floor(expiresAt.getTime() / 1000)}`;
  return `${payload}.${createHmac("sha256", appSecret()).update(`tracking:${payload}`, "utf8").digest("base64url")}`;
}

async function staff(method: string, route: string, body?: unknown): Promise<Json> {
  const response = await fetch(`${app.baseUrl}/api/${route}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${fx.tokens.admin}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.status, `${method} ${route}: ${text}`).toBeLessThan(300);
  return text ? (JSON.parse(text) as Json) : {};
}

function upload(token: string, request?: number) {
  const form = new FormData();
  form.append("file", new Blob([samplePdf() as Uint8Array<ArrayBuffer>], { type: "application/pdf" }), "cnh.pdf");
  return fetch(`${app.baseUrl}/api/tracking/upload${request ? `?request_id=${request}` : ""}`, {
    method: "POST",
    headers: { "x-tracking-token": token },
    body: form,
  });
}

const week = 7 * 86_400_000;

beforeAll(async () => {
  app = await startTestApp();
  fx = await createInstanceFixture(app.db, "default");
  document = await staff("POST", "document/create", {
    status_id: fx.statusIds["Em análise"],
    product_id: fx.productId,
    sla_total: 48,
    cpf: "111.444.777-35",
    name: "Rosa Tavares",
    email: "rosa.tavares@example.org",
  });
  await staff("POST", `documents/${document.id}/observations`, {
    text: "Recebemos seu pedido.",
    visibility: "customer",
  });
  requestId = Number(
    (await staff("POST", `documents/${document.id}/attachments/requests`, { file_name: "CNH", note: null })).id,
  );
});
afterAll(async () => app?.close());

describe("a link from an e-mail sent before the current token format", () => {
  it("opens the page read-only: status and history shown, replies and uploads refused in Portuguese", async () => {
    const token = firstFormatToken(String(document.uuid), new Date(Date.now() + 3 * week));

    const view = await app.post("tracking/view", { token });
    expect(view.status).toBe(200);
    const shown = (await view.json()) as Json;
    expect(shown.protocol).toBe(document.protocol);
    expect(shown.read_only).toBe(true);
    expect(shown.observations.map((o: Json) => o.text)).toEqual(["Recebemos seu pedido."]);
    expect(shown.pending_requests.map((r: Json) => r.name)).toEqual(["CNH"]);

    const reply = await app.post("tracking/reply", { token, text: "Concordo com a recusa e desisto do pedido." });
    expect(reply.status).toBe(403);
    const replyError = (await reply.json()) as Json;
    expect(replyError.code).toBe("tracking_link_read_only");
    expect(replyError.message).toMatch(/protocolo/);
    expect(replyError.message).toMatch(/CPF/);

    for (const attempt of [await upload(token, requestId), await upload(token)]) {
      expect(attempt.status).toBe(403);
      const error = (await attempt.json()) as Json;
      expect(error.code).toBe("tracking_link_read_only");
      expect(error.message).toBe(replyError.message);
    }

    // Nothing was written: the page still shows only the team's note and the request still pending.
    const after = (await (await app.post("tracking/view", { token })).json()) as Json;
    expect(after.observations).toHaveLength(1);
    expect(after.sent_files).toEqual([]);
    expect(after.pending_requests).toHaveLength(1);
  });

  it("the lookup by protocol and CPF gives a token that replies; an expired or revoked old link answers 404", async () => {
    const found = await app.post("tracking/lookup", { protocol: document.protocol, identifier: "11144477735" });
    expect(found.status).toBe(200);
    const session = (await found.json()) as Json;
    expect(session.view.read_only).toBe(false);
    const reply = await app.post("tracking/reply", { token: session.token, text: "Mando a CNH amanhã." });
    expect(reply.status).toBe(201);

    const expired = firstFormatToken(String(document.uuid), new Date(Date.now() - 1000));
    expect((await app.post("tracking/view", { token: expired })).status).toBe(404);
    const tampered = firstFormatToken(String(document.uuid), new Date(Date.now() + week)).replace(/.$/, (c) =>
      c === "A" ? "B" : "A",
    );
    expect((await app.post("tracking/view", { token: tampered })).status).toBe(404);

    const live = firstFormatToken(String(document.uuid), new Date(Date.now() + week));
    expect((await app.post("tracking/view", { token: live })).status).toBe(200);
    await staff("POST", `documents/${document.id}/tracking-links/revoke`, {});
    expect((await app.post("tracking/view", { token: live })).status).toBe(404);
  });
});
