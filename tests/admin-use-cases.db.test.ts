// The admin and customer use-cases converted to (ctx, input) — webhooks, LGPD requests, audit trail, LGPD key and APIs
// overview, catalog reads, tracking lookup — called without Next on a real database (PGlite, or PostgreSQL with
// TEST_DATABASE_URL): what they answer and audit with ctx's actor, and that another instance's rows are unknown to
// them. The HTTP answers stay covered by webhooks, lgpd-erasure, audit-trail, admin-apis, compat-sdk and tracking
// http tests.
import { describe, expect, it } from "vitest";
import { describeLgpdKey } from "@/lib/apis/server/describe-lgpd-key.ts";
import { loadApisOverview } from "@/lib/apis/server/load-apis-overview.ts";
import { rotateInstanceLgpdKey } from "@/lib/apis/server/rotate-instance-lgpd-key.ts";
import { ZAuditSearchBody } from "@/lib/audit/schemas.ts";
import { exportAuditCsv } from "@/lib/audit/server/export-audit-csv.ts";
import { searchAudit } from "@/lib/audit/server/search-audit.ts";
import { systemActor } from "@/lib/auth/actor.ts";
import { loadAllProducts } from "@/lib/catalog/server/load-all-products.ts";
import { loadStatusTransitions } from "@/lib/catalog/server/load-status-transitions.ts";
import { ZSearchLgpdRequestsBody } from "@/lib/lgpd/schemas.ts";
import { requestDeletion } from "@/lib/lgpd/server/request-deletion.ts";
import { loadLgpdReceipt } from "@/lib/lgpd/server/load-lgpd-receipt.ts";
import { retryLgpdRequest } from "@/lib/lgpd/server/retry-lgpd-request.ts";
import { searchLgpdRequests } from "@/lib/lgpd/server/search-lgpd-requests.ts";
import { lookUpTrackedDocument } from "@/lib/tracking/server/look-up-tracked-document.ts";
import { DEFAULT_PAYLOAD_DETAIL } from "@/lib/webhooks/payload-detail.ts";
import { createWebhook } from "@/lib/webhooks/server/create-webhook.ts";
import { deleteWebhook } from "@/lib/webhooks/server/delete-webhook.ts";
import { listWebhooks } from "@/lib/webhooks/server/list-webhooks.ts";
import { resendWebhookDelivery } from "@/lib/webhooks/server/resend-webhook-delivery.ts";
import { updateWebhook } from "@/lib/webhooks/server/update-webhook.ts";
import { cpfFromBase, createLgpdInstance, formatCpf, insertDocument } from "./helpers/lgpd.ts";
import { refusal, twoInstanceSuite } from "./helpers/use-case-suite.ts";

const uc = twoInstanceSuite(createLgpdInstance, { acme: "acme-admin-uc", other: "other-admin-uc" }, "req-admin-uc");

const auditActions = async (instanceId: number, entity: string) =>
  (
    await uc.db.auditLog.findMany({
      where: { instanceId, entity },
      orderBy: { id: "asc" },
      select: { action: true, actorLabel: true },
    })
  ).map((row) => `${row.action} by ${row.actorLabel}`);

describe("webhook admin", () => {
  it("create, list, disable, resend and delete an endpoint, each audited; another instance's endpoint is unknown", async () => {
    const created = await createWebhook(uc.ctx, {
      url: "https://receiver.example.com/hook",
      events: ["document.created"],
    });
    expect(created.secret).toMatch(/\S{16,}/);
    expect(created).toMatchObject({
      url: "https://receiver.example.com/hook",
      enabled: true,
      payload: DEFAULT_PAYLOAD_DETAIL,
    });
    expect(created.secret_hint).toBe(created.secret.slice(-4));

    const listed = await listWebhooks(uc.ctx);
    expect(listed.items.map((item) => item.id)).toEqual([created.id]);
    expect(listed.items[0]).not.toHaveProperty("secret");
    expect((await listWebhooks(uc.otherCtx)).items).toEqual([]);

    const disabled = await updateWebhook(uc.ctx, { id: created.id, changes: { enabled: false } });
    expect(disabled).toMatchObject({ enabled: false, disabled_reason: `Disabled by ${uc.ctx.actor.label}` });
    expect((await refusal(updateWebhook(uc.otherCtx, { id: created.id, changes: { enabled: true } }))).kind).toBe(
      "not_found",
    );

    const delivery = await uc.db.outboxMessage.create({
      data: {
        instanceId: uc.acme.instanceId,
        channel: "webhook",
        endpointId: created.id,
        recipient: "https://receiver.example.com/hook",
        subject: "document.created",
        body: "{}",
        status: "failed",
      },
    });
    expect((await refusal(resendWebhookDelivery(uc.otherCtx, { id: delivery.id }))).message).toBe("Delivery not found");
    const copy = await resendWebhookDelivery(uc.ctx, { id: delivery.id });
    expect(copy.resent_from).toBe(delivery.id);
    expect(await uc.db.outboxMessage.findUniqueOrThrow({ where: { id: copy.id } })).toMatchObject({
      status: "pending",
      endpointId: created.id,
      subject: "document.created",
      body: "{}",
    });

    expect((await refusal(deleteWebhook(uc.otherCtx, { id: created.id }))).kind).toBe("not_found");
    expect(await deleteWebhook(uc.ctx, { id: created.id })).toEqual({ deleted: true, id: created.id });
    expect((await listWebhooks(uc.ctx)).items).toEqual([]);

    const by = uc.ctx.actor.label;
    expect(await auditActions(uc.acme.instanceId, "webhook")).toEqual([
      `webhook.create by ${by}`,
      `webhook.update by ${by}`,
      `webhook.resend by ${by}`,
      `webhook.delete by ${by}`,
    ]);
    expect(await auditActions(uc.other.instanceId, "webhook")).toEqual([]);
  });
});

describe("LGPD requests (admin)", () => {
  it("search by CPF, retry an errored request only with its CPF, receipt; another instance's request is unknown", async () => {
    const cpf = cpfFromBase(223_344_551);
    const { request } = await requestDeletion(
      { actor: systemActor("lgpd_api", uc.acme.instanceId) },
      { cpf: formatCpf(cpf) },
    );
    await uc.db.lgpdRequest.update({
      where: { id: request.id },
      data: { status: "error", attempts: 5, lastError: "boom", cpfPending: null, pendingKey: null },
    });

    const found = await searchLgpdRequests(uc.ctx, ZSearchLgpdRequestsBody.parse({ cpf }));
    expect(found.items.map((item) => item.id)).toEqual([request.id]);
    expect(found.items[0]).toMatchObject({ status: "error", cpf_masked: expect.stringContaining("***") });
    expect(JSON.stringify(found)).not.toContain(cpf);
    expect((await searchLgpdRequests(uc.otherCtx, ZSearchLgpdRequestsBody.parse({ cpf }))).total).toBe(0);
    expect(
      (await refusal(searchLgpdRequests(uc.ctx, ZSearchLgpdRequestsBody.parse({ cpf: "111.111.111-12" })))).code,
    ).toBe("invalid_cpf");

    expect((await refusal(retryLgpdRequest(uc.otherCtx, { id: request.id, cpf }))).kind).toBe("not_found");
    expect((await refusal(retryLgpdRequest(uc.ctx, { id: request.id, cpf: cpfFromBase(223_344_552) }))).code).toBe(
      "lgpd_cpf_mismatch",
    );
    const retried = await retryLgpdRequest(uc.ctx, { id: request.id, cpf });
    expect(retried).toMatchObject({ id: request.id, status: "pending", attempts: 0 });
    expect((await refusal(retryLgpdRequest(uc.ctx, { id: request.id, cpf }))).code).toBe("lgpd_not_retryable");
    expect(await auditActions(uc.acme.instanceId, "lgpd_request")).toEqual([
      `lgpd_request.retry by ${uc.ctx.actor.label}`,
    ]);

    const receipt = await loadLgpdReceipt(uc.ctx, { id: request.id });
    expect(receipt).toMatchObject({ receipt: "lgpd-deletion", request_id: request.id, instance: uc.acme.slug });
    expect((await refusal(loadLgpdReceipt(uc.otherCtx, { id: request.id }))).message).toBe("Request not found");
  });
});

describe("audit trail", () => {
  it("searches and exports the actor's instance only; the export and a reveal are audited", async () => {
    await createWebhook(uc.ctx, { url: "https://receiver.example.com/audit", events: ["document.created"] });
    const page = await searchAudit(uc.ctx, ZAuditSearchBody.parse({ entity: "webhook" }));
    expect(page.total).toBeGreaterThan(0);
    expect(page.items.every((item) => item.entity === "webhook")).toBe(true);
    expect((await searchAudit(uc.otherCtx, ZAuditSearchBody.parse({ entity: "webhook" }))).total).toBe(0);
    expect(
      (await refusal(searchAudit(uc.ctx, ZAuditSearchBody.parse({ from: "2026-02-02", to: "2026-02-01" })))).kind,
    ).toBe("invalid");

    await searchAudit(uc.ctx, ZAuditSearchBody.parse({ entity: "webhook", reveal: true }));
    const { csv, count } = await exportAuditCsv(uc.ctx, { entity: "webhook" });
    expect(count).toBe(page.total);
    expect(csv.startsWith("\uFEFFNº do registro de auditoria;Data e hora (São Paulo);Quem;")).toBe(true);
    expect(csv.trimEnd().split("\r\n")).toHaveLength(count + 1);
    expect(await auditActions(uc.acme.instanceId, "audit")).toEqual([
      `audit.reveal by ${uc.ctx.actor.label}`,
      `audit.export by ${uc.ctx.actor.label}`,
    ]);
  });
});

describe("LGPD key and APIs overview", () => {
  it("describes, rotates (audited) and counts the key of the actor's instance", async () => {
    const origin = "https://docflow.example.com";
    const before = await describeLgpdKey(uc.ctx, { origin });
    expect(before).toMatchObject({
      configured: true, // createLgpdInstance made one
      instance: uc.acme.slug,
      request_url: `${origin}/api/lgpd/${uc.acme.slug}/request`,
      status_url: `${origin}/api/lgpd/${uc.acme.slug}/status/{cpf}`,
    });
    const rotated = await rotateInstanceLgpdKey(uc.ctx, { origin });
    expect(rotated.key).not.toBe(uc.acme.key);
    expect(rotated.last_chars).toBe(rotated.key.slice(-rotated.last_chars!.length));
    expect(await auditActions(uc.acme.instanceId, "lgpd_key")).toEqual([`lgpd_key.rotate by ${uc.ctx.actor.label}`]);
    expect(await loadApisOverview(uc.ctx)).toEqual({ keyLastChars: rotated.last_chars, activeTokens: 0 });
    expect((await describeLgpdKey(uc.otherCtx, { origin })).last_chars).not.toBe(rotated.last_chars);
  });
});

describe("catalog reads (compat)", () => {
  it("loads the actor's instance's products; transitions refuse another instance's product", async () => {
    const products = await loadAllProducts(uc.ctx);
    expect(products.map((product) => product.id)).toEqual([uc.acme.productId]);
    expect((await loadStatusTransitions(uc.ctx, { products: [uc.acme.productId] })).length).toBeGreaterThan(0);
    expect((await refusal(loadStatusTransitions(uc.ctx, { products: [uc.other.productId] }))).code).toBe(
      "product_not_found",
    );
  });
});

describe("tracking lookup (customer)", () => {
  it("finds by protocol and identifier; 5 failures from one address lock that pair with a retry time", async () => {
    const cpf = cpfFromBase(334_455_661);
    const document = await insertDocument(uc.db, uc.acme, formatCpf(cpf));
    const customer = { address: "203.0.113.7", requestId: "req-track" };
    const found = await lookUpTrackedDocument(customer, { protocol: document.protocol, identifier: cpf });
    expect(found.view.protocol).toBe(document.protocol);
    expect(found.token).toEqual(expect.any(String));

    const stranger = { address: "203.0.113.8" };
    for (let i = 0; i < 5; i += 1) {
      const miss = await refusal(lookUpTrackedDocument(stranger, { protocol: document.protocol, identifier: `${i}` }));
      expect(miss).toMatchObject({ kind: "not_found", code: "tracking_not_found" });
    }
    const locked = await refusal(lookUpTrackedDocument(stranger, { protocol: document.protocol, identifier: cpf }));
    expect(locked).toMatchObject({ kind: "throttled", code: "tracking_throttled" });
    expect(locked.retryAfterSeconds).toBeGreaterThan(0);
    // The customer from their own address is not locked out by the stranger's failures.
    expect((await lookUpTrackedDocument(customer, { protocol: document.protocol, identifier: cpf })).token).toEqual(
      expect.any(String),
    );
  });
});
