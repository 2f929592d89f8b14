// Every endpoint's real answer against its contract's response schema: one walk through the whole API over real
// HTTP on the built app (PGlite, or PostgreSQL with TEST_DATABASE_URL), calling each contract at least once and
// parsing each success answer with the contract's own schema. The other suites add the same check to every call
// they make (DOCFLOW_CHECK_ANSWERS, lib/http/answer-check.ts); this one guarantees that no endpoint is left out.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generate } from "otplib";
import { CONTRACTS } from "@/lib/api-docs/contracts.generated.ts";
import { AnswerContractError, checkAnswer } from "@/lib/http/answer-check.ts";
import { contractUrl, defineContract, type ApiContract } from "@/lib/http/contract.ts";
import { ZDocument } from "@/lib/documents/answers.ts";
import { createInstanceFixture, type InstanceFixture } from "./helpers/fixtures.ts";
import { samplePdf } from "./helpers/sample-files.ts";
import { processDueAccessRequests } from "@/lib/lgpd/server/access-queue.ts";
import { cpfFromBase, createLgpdInstance, insertDocument, type LgpdInstance } from "./helpers/lgpd.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";

let app: TestApp;
let fx: InstanceFixture;
let lgpd: LgpdInstance;
const covered = new Set<ApiContract>();

beforeAll(async () => {
  app = await startTestApp();
  fx = await createInstanceFixture(app.db, "default");
  lgpd = await createLgpdInstance(app.db, "portal");
});
afterAll(async () => {
  delete process.env.METRICS_TOKEN;
  await app?.close();
});

function contractOf(method: string, path: string): ApiContract {
  const contract = CONTRACTS.find((candidate) => candidate.method === method && candidate.path === path);
  if (!contract) throw new Error(`no contract for ${method} ${path}`);
  return contract;
}

type CallOptions = {
  params?: Record<string, string | number>;
  body?: unknown;
  form?: FormData;
  query?: string;
  token?: string | null;
  headers?: Record<string, string>;
};

/** Calls the endpoint, expects its contract's success status, parses the answer with its response schema. */
async function call(method: string, path: string, options: CallOptions = {}): Promise<any> {
  const contract = contractOf(method, path);
  const token = options.token === undefined ? fx.tokens.admin : options.token;
  const response = await fetch(`${app.baseUrl}/api/${contractUrl(contract, options.params)}${options.query ?? ""}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(options.body !== undefined ? { "content-type": "application/json" } : {}),
      ...options.headers,
    },
    body: options.form ?? (options.body !== undefined ? JSON.stringify(options.body) : undefined),
  });
  const text = await response.text();
  expect(response.status, `${method} ${path}: ${text.slice(0, 500)}`).toBe(contract.responseStatus ?? 200);
  covered.add(contract);
  if (!contract.response) {
    expect(response.headers.get("content-type") ?? "", `${method} ${path}`).toContain(
      contract.responseContentType === "application/octet-stream" ? "" : contract.responseContentType!.split(";")[0]!,
    );
    return text;
  }
  const parsed = contract.response.safeParse(JSON.parse(text));
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
  expect(problems, `${method} ${path}`).toEqual([]);
  return JSON.parse(text);
}

describe("the answer check", () => {
  const contract = defineContract({
    method: "POST",
    path: "/document/updateById",
    tag: "Documents",
    summary: "test",
    auth: "bearer",
    role: "staff",
    response: ZDocument,
    answer: "test",
  });

  it("refuses an answer that misses a field, has one too many, or uses another status", async () => {
    await expect(checkAnswer(contract, Response.json({ id: 1 }))).rejects.toThrow(AnswerContractError);
    await expect(checkAnswer(contract, Response.json({ id: 1 }, { status: 201 }))).rejects.toThrow(/status 201/);
    const { response: _schema, ...withoutSchema } = contract;
    await expect(checkAnswer(withoutSchema, Response.json({}))).rejects.toThrow(/no response schema/);
  });

  it("lets errors and contract-shaped answers through", async () => {
    await expect(checkAnswer(contract, Response.json({ status: "error" }, { status: 404 }))).resolves.toBeUndefined();
    const document = await call("POST", "/document/create", {
      token: fx.tokens.staff,
      body: { status_id: fx.statusIds["Novo"], product_id: fx.productId, cpf: "529.982.247-25" },
    });
    const full = await call("POST", "/document/loadById", { body: { id: document.id } });
    expect(full.id).toBe(document.id);
  });
});

describe("every contract against the real answers", () => {
  it("public and operations routes", async () => {
    await call("GET", "/health", { token: null });
    await call("GET", "/ready", { token: null });
    await call("GET", "/openapi.json", { token: null });
    process.env.METRICS_TOKEN = "metrics-test-token";
    await call("GET", "/metrics", { token: "metrics-test-token" });
  });

  it("catalog, documents and the staff document page", async () => {
    const staff = fx.tokens.staff;
    await call("POST", "/product/loadAll", { body: {} });
    await call("POST", "/status/loadAll", { body: {} });
    await call("POST", "/modality/loadAll", { body: {} });

    const created = await call("POST", "/document/create", {
      token: staff,
      body: {
        status_id: fx.statusIds["Novo"],
        product_id: fx.productId,
        cpf: "123.456.789-09",
        name: "Maria Souza",
        email: "maria@example.com",
        phone: "+55 11 91234-5678",
        modality_identifier: "Balcão",
        filled_columns: { contrato: "C-1", extra: 3 },
      },
      headers: { "idempotency-key": "contracts-walk-1" },
    });
    const id = created.id as number;
    await call("POST", "/document/updateById", {
      token: staff,
      body: { id, status_id: fx.statusIds["Em análise"] },
    });
    await call("POST", "/document/loadById", { body: { id } });
    const byCpf = await call("POST", "/document/loadByCPF", { body: { cpf: "123.456.789-09" } });
    expect(byCpf.length).toBeGreaterThan(0);
    await call("POST", "/documents/filled-columns/remove", { token: staff, body: { id, keys: ["extra"] } });

    await call("GET", "/documents/{id}", { params: { id } });
    await call("POST", "/documents/{id}/observations", {
      token: staff,
      params: { id },
      body: { text: "Cliente ligou", visibility: "internal" },
    });
    const form = new FormData();
    form.append("file", new File([samplePdf()], "rg.pdf", { type: "application/pdf" }));
    const uploaded = await call("POST", "/documents/{id}/attachments", { token: staff, params: { id }, form });
    await call("GET", "/documents/{id}/attachments/{attachmentId}", { params: { id, attachmentId: uploaded.id } });
    const pending = await call("POST", "/documents/{id}/attachments/requests", {
      token: staff,
      params: { id },
      body: { file_name: "comprovante.pdf", note: "Comprovante de residência" },
    });
    const fulfil = new FormData();
    fulfil.append("file", new File([samplePdf("comprovante")], "comprovante.pdf", { type: "application/pdf" }));
    await call("POST", "/documents/{id}/attachments/{attachmentId}/upload", {
      token: staff,
      params: { id, attachmentId: pending.id },
      form: fulfil,
    });
    await call("POST", "/documents/{id}/reveal", { token: staff, params: { id } });
    // A customer e-mail that failed, sent again by hand.
    const failedEmail = await app.db.outboxMessage.create({
      data: {
        instanceId: fx.instanceId,
        documentId: id,
        channel: "email",
        recipient: "cliente@example.org",
        subject: "Protocolo",
        body: "Olá",
        status: "failed",
      },
    });
    await call("POST", "/documents/{id}/messages/{messageId}/resend", {
      token: staff,
      params: { id, messageId: failedEmail.id },
      body: {},
    });
    await call("POST", "/documents/{id}/messages/preview", {
      token: staff,
      params: { id },
      body: { kind: "reply", text: "Oi" },
    });
    await call("POST", "/documents/{id}/tracking-links/revoke", { token: staff, params: { id }, body: {} });
    const history = await call("GET", "/documents/{id}/history", { params: { id }, query: "?personal=1" });
    expect(history.length).toBeGreaterThan(2);

    await call("POST", "/documents/search", { body: { filters: { cpf: "123.456.789-09" } } });
    await call("POST", "/documents/find", { body: { q: "123.456.789-09" } });
    await call("POST", "/documents/filter-options", { body: {} });
    await call("GET", "/documents/sources", { token: staff });
    await call("POST", "/documents/reveal-page", { token: staff, body: { ids: [id] } });
    await call("GET", "/documents/export.csv", { query: `?filter=${encodeURIComponent("{}")}` });
    await call("GET", "/documents/export.xlsx", { query: `?filter=${encodeURIComponent("{}")}` });
    await call("POST", "/documents/export.csv", { body: { filter: {} } });
    await call("POST", "/documents/export.xlsx", { body: { filter: {} } });
    await call("POST", "/documents/import", {
      token: staff,
      body: { rows: [{ status: "Novo", product: String(fx.productId), cpf: "111.444.777-35", name: "Ana" }] },
    });
    await call("POST", "/dashboard", { body: { granularity: "week" } });
    await call("POST", "/dashboard/kpis", { body: { product_id: null } });
    await call("POST", "/dashboard/workload", { body: { product_id: null } });
  });

  it("sign-in tokens, the APIs menu and the LGPD routes", async () => {
    await call("POST", "/admin/settings/users", {
      body: { email: "token-user@example.com", name: "Token User", role: "staff", password: "a-long-password-1" },
    });
    const signedIn = await call("POST", "/auth/token", {
      token: null,
      body: { email: "token-user@example.com", password: "a-long-password-1" },
    });
    // Saved filters belong to a user: the sign-in token acts as one.
    const user = { token: signedIn.token as string };
    const saved = await call("POST", "/saved-filters", {
      ...user,
      body: { name: "Atrasados", filters: { sla: "late" } },
    });
    await call("GET", "/saved-filters", user);
    await call("DELETE", "/saved-filters/{id}", { ...user, params: { id: saved.id } });

    // "Minha conta" through the sign-in token (a person's); the password change last: it ends that token.
    const me = await call("GET", "/account", user);
    await call("PATCH", "/account", { ...user, body: { name: "Token User", locale: "pt-BR" } });
    await call("GET", "/account/sessions", user);
    await call("GET", "/account/customer-replies", user);
    await call("POST", "/account/sessions/end-others", { ...user, body: {} });
    const session = await app.db.staffSession.create({ data: { idHash: "c".repeat(64), userId: me.id } });
    await call("GET", "/admin/settings/users/{id}/sessions", { params: { id: me.id } });
    await call("DELETE", "/admin/settings/users/{id}/sessions/{sessionId}", {
      params: { id: me.id, sessionId: session.idHash },
    });
    await call("POST", "/auth/password-reset", { token: null, body: { email: "token-user@example.com" } });
    const mail = await app.db.outboxMessage.findFirstOrThrow({
      where: { recipient: "token-user@example.com" },
      orderBy: { id: "desc" },
    });
    const resetToken = /redefinir-senha#(\S+)/.exec(mail.body)![1]!;
    await call("POST", "/auth/password-reset/confirm", {
      token: null,
      body: { token: resetToken, password: "pedra do sino amarela 77" },
    });
    const again = await call("POST", "/auth/token", {
      token: null,
      body: { email: "token-user@example.com", password: "pedra do sino amarela 77" },
    });
    // The second factor: enrolment (a code computed as the app would), the devices, the admin's policy and reset.
    await call("GET", "/account/second-factor", { token: again.token });
    const enrolment = await call("POST", "/account/second-factor/enrolment", { token: again.token, body: {} });
    await call("POST", "/account/second-factor/enrolment/confirm", {
      token: again.token,
      body: { code: await generate({ secret: enrolment.secret }) },
    });
    await call("POST", "/account/second-factor/forget-devices", { token: again.token, body: {} });
    await call("GET", "/admin/settings/second-factor");
    await call("PUT", "/admin/settings/second-factor", { body: { required_for: "none", remember_device_days: 7 } });
    await call("POST", "/account/password", {
      token: again.token,
      body: { current_password: "pedra do sino amarela 77", new_password: "farol azul da ilha 2031" },
    });
    // Last of the person's calls: the factor's reset ends their sign-in tokens.
    await call("POST", "/admin/settings/users/{id}/second-factor/reset", { params: { id: me.id }, body: {} });

    await call("GET", "/admin/lgpd-key");
    await call("POST", "/admin/lgpd-key/rotate", { body: {} });
    const token = await call("POST", "/admin/tokens", { body: { name: "ERP", role: "staff" } });
    await call("GET", "/admin/tokens");
    await call("POST", "/admin/tokens/{id}/personal-data", { params: { id: token.id }, body: { clear: true } });
    await call("POST", "/admin/tokens/{id}/revoke", { params: { id: token.id }, body: {} });

    const key = { "x-api-key": lgpd.key };
    await call("POST", "/lgpd/{instance}/request", {
      token: null,
      params: { instance: lgpd.slug },
      headers: key,
      body: { cpf: "390.533.447-05" },
    });
    await call("GET", "/lgpd/{instance}/status/{cpf}", {
      token: null,
      params: { instance: lgpd.slug, cpf: "39053344705" },
      headers: key,
    });

    // Access requests (LGPD Art. 19): the summary, the request, its status with a signed link, the download.
    await insertDocument(app.db, lgpd, "111.444.777-35", { observations: 1 });
    await call("GET", "/lgpd/{instance}/summary/{cpf}", {
      token: null,
      params: { instance: lgpd.slug, cpf: "11144477735" },
      headers: key,
    });
    await call("POST", "/lgpd/{instance}/access", {
      token: null,
      params: { instance: lgpd.slug },
      headers: key,
      body: { cpf: "111.444.777-35" },
    });
    await processDueAccessRequests({ owner: "contracts" });
    const access = await call("GET", "/lgpd/{instance}/access/{cpf}", {
      token: null,
      params: { instance: lgpd.slug, cpf: "11144477735" },
      headers: key,
    });
    const link = new URL(access.download_url as string);
    await call("GET", "/lgpd/{instance}/access/download/{id}", {
      token: null,
      params: { instance: lgpd.slug, id: link.pathname.split("/").at(-1)! },
      query: link.search,
    });

    // The data-subject page (admins) on the fixture's instance.
    await insertDocument(app.db, fx, "111.444.777-35", { observations: 1 });
    await call("POST", "/admin/lgpd-subject/lookup", { body: { cpf: "111.444.777-35" } });
    const staffAccess = await call("POST", "/admin/lgpd-subject/access", { body: { cpf: "111.444.777-35" } });
    await processDueAccessRequests({ owner: "contracts" });
    await call("GET", "/admin/lgpd-access/{id}/download", { params: { id: staffAccess.request.id } });
    await call("POST", "/admin/lgpd-subject/deletion", { body: { cpf: "111.444.777-35" } });

    await call("GET", "/admin/lgpd-deadline");
    await call("PUT", "/admin/lgpd-deadline", { body: { deadline_days: 30 } });

    // Retention rules (admins): create, list, preview, activate with the count, run now, deactivate, delete.
    const rule = await call("POST", "/admin/retention", {
      body: { product_id: null, category_id: fx.categoryIds["final"], days: 365, action: "anonymise" },
    });
    await call("GET", "/admin/retention");
    const preview = await call("GET", "/admin/retention/{id}/preview", { params: { id: rule.id } });
    await call("POST", "/admin/retention/{id}/activate", {
      params: { id: rule.id },
      body: { confirm_count: preview.total },
    });
    await call("POST", "/admin/retention/{id}/run", { params: { id: rule.id }, body: {} });
    await call("POST", "/admin/retention/{id}/deactivate", { params: { id: rule.id }, body: {} });
    await call("DELETE", "/admin/retention/{id}", { params: { id: rule.id } });

    // The audit trail (admins).
    await call("POST", "/admin/audit/search", { body: { action: "lgpd_subject." } });
    await call("POST", "/admin/audit/export", { body: { entity: "lgpd_access" } });

    // An errored request of the fixture's instance, for the admin page's retry and receipt.
    await call("POST", "/lgpd/{instance}/request", {
      token: null,
      params: { instance: fx.slug },
      headers: { "x-api-key": (await call("POST", "/admin/lgpd-key/rotate", { body: {} })).key },
      body: { cpf: "529.982.247-25" },
    });
    const page = await call("POST", "/admin/lgpd-requests/search", { body: { status: "pending" } });
    await call("POST", "/admin/lgpd-inbox", { body: { kind: "deletion" } });
    const requestId = page.items[0].id as number;
    await call("POST", "/admin/lgpd-inbox/assign", { body: { kind: "deletion", id: requestId, assignee_id: null } });
    await app.db.lgpdRequest.update({
      where: { id: requestId },
      data: { status: "error", pendingKey: null, lastError: "test failure", processedAt: new Date() },
    });
    await call("POST", "/admin/lgpd-requests/{id}/retry", {
      params: { id: requestId },
      body: { cpf: "529.982.247-25" },
    });
    await call("GET", "/admin/lgpd-requests/{id}/receipt", { params: { id: requestId } });

    // Steering: reviews, hand-entered requests, legal holds, the import's erased check.
    await call("PUT", "/admin/lgpd-review", { body: { enabled: true } });
    const reviewedA = await call("POST", "/admin/lgpd-subject/deletion", {
      body: { cpf: cpfFromBase(123_123_123), channel: "letter", received_on: "2026-11-02", note: "AR 1" },
    });
    await call("POST", "/admin/lgpd-subject/deletion", { body: { cpf: cpfFromBase(321_321_321) } });
    const waiting = await call("GET", "/admin/lgpd-review");
    expect(waiting.awaiting.map((row: { id: number }) => row.id)).toContain(reviewedA.request.id);
    await call("POST", "/admin/lgpd-requests/{id}/approve", { params: { id: reviewedA.request.id }, body: {} });
    const other = waiting.awaiting.find((row: { id: number }) => row.id !== reviewedA.request.id);
    await call("POST", "/admin/lgpd-requests/{id}/deny", { params: { id: other.id }, body: { reason: "Identidade" } });
    await call("POST", "/admin/lgpd-requests/{id}/reopen", {
      params: { id: other.id },
      body: { cpf: cpfFromBase(321_321_321), reason: "Nova cópia do documento" },
    });
    await call("POST", "/admin/lgpd-requests/{id}/deny", { params: { id: other.id }, body: { reason: "Identidade" } });
    await call("PUT", "/admin/lgpd-review", { body: { enabled: false } });
    const hold = await call("POST", "/admin/lgpd-holds", {
      body: { product_id: fx.productId, basis: "Lei 8.078/1990, art. 27", period_years: 5 },
    });
    await call("GET", "/admin/lgpd-holds");
    await call("DELETE", "/admin/lgpd-holds/{id}", { params: { id: hold.id } });
    await call("POST", "/documents/import/erased-check", {
      body: { rows: [{ status: "Novo", product: "Seguro Auto", cpf: "111.444.777-35" }] },
    });
  });

  it("settings", async () => {
    await call("GET", "/admin/settings/sso");
    // A public issuer address (nothing is fetched on saving); sign-in against a real provider is tests/sso.http.test.ts.
    await call("PUT", "/admin/settings/sso", {
      body: {
        enabled: false,
        issuer_url: "https://login.empresa.example/",
        client_id: "docflow",
        client_secret: "a-secret-of-the-directory-1234",
        allowed_domains: ["empresa.example"],
        group_roles: [{ group: "docflow-admins", role: "admin" }],
        password_sign_in_disabled: false,
        directory_enforces_mfa: false,
      },
    });
    await call("GET", "/admin/settings/masking-policy");
    await call("POST", "/admin/settings/masking-policy", {
      body: { admin: [], staff: ["cpf"], viewer: ["cpf", "name", "email", "phone"] },
    });

    const category = await call("POST", "/admin/settings/categories", {
      body: { key: "waiting", label: "Aguardando", kind: "pause" },
    });
    await call("GET", "/admin/settings/categories");
    await call("PATCH", "/admin/settings/categories/{id}", { params: { id: category.id }, body: { label: "Espera" } });

    const status = await call("POST", "/admin/settings/statuses", {
      body: { name: "Aguardando cliente", category_id: category.id, allowed_status_ids: [fx.statusIds["Novo"]] },
    });
    await call("GET", "/admin/settings/statuses");
    await call("PATCH", "/admin/settings/statuses/{id}", { params: { id: status.id }, body: { sla: 8 } });
    // A test e-mail goes only to a user of the instance.
    await app.db.user.create({
      data: { instanceId: fx.instanceId, email: "teste@example.org", name: "Teste", role: "staff", passwordHash: "-" },
    });
    await call("POST", "/admin/settings/statuses/{id}/test-message", {
      params: { id: status.id },
      body: { to: "teste@example.org" },
    });
    await call("GET", "/admin/settings/reply-template", {});
    await call("PUT", "/admin/settings/reply-template", { body: { subject: "Re: {protocolo}", body: null } });
    await call("POST", "/admin/settings/reply-template/test-message", { body: { to: "teste@example.org" } });
    await call("DELETE", "/admin/settings/statuses/{id}", { params: { id: status.id } });
    await call("DELETE", "/admin/settings/categories/{id}", { params: { id: category.id } });

    const product = await call("POST", "/admin/settings/products", { body: { name: "Seguro", sla: 24 } });
    await call("GET", "/admin/settings/products");
    await call("GET", "/admin/settings/products/{id}", { params: { id: product.id } });
    await call("PATCH", "/admin/settings/products/{id}", { params: { id: product.id }, body: { active: false } });
    const column = await call("POST", "/admin/settings/products/{id}/columns", {
      params: { id: product.id },
      body: { key: "apolice", label: "Apólice", type: "string" },
    });
    await call("PATCH", "/admin/settings/products/{id}/columns/{columnId}", {
      params: { id: product.id, columnId: column.id },
      body: { label: "Nº da apólice" },
    });
    await call("DELETE", "/admin/settings/products/{id}/columns/{columnId}", {
      params: { id: product.id, columnId: column.id },
    });
    const step = await call("POST", "/admin/settings/products/{id}/steps", {
      params: { id: product.id },
      body: { name: "Vistoria" },
    });
    await call("PATCH", "/admin/settings/products/{id}/steps/{stepId}", {
      params: { id: product.id, stepId: step.id },
      body: { order: 9 },
    });
    await call("DELETE", "/admin/settings/products/{id}/steps/{stepId}", {
      params: { id: product.id, stepId: step.id },
    });
    await call("DELETE", "/admin/settings/products/{id}", { params: { id: product.id } });

    const modality = await call("POST", "/admin/settings/modalities", {
      body: { identifier: "Online", working_hours: { "1": [["08:00", "18:00"]] } },
    });
    await call("GET", "/admin/settings/modalities");
    await call("GET", "/admin/settings/modalities/{id}", { params: { id: modality.id } });
    await call("PATCH", "/admin/settings/modalities/{id}", {
      params: { id: modality.id },
      body: { working_hours: null },
    });
    await call("POST", "/admin/settings/modalities/{id}/holidays", {
      params: { id: modality.id },
      body: { holidays: [{ date: "2026-12-25", name: "Natal" }] },
    });
    await call("DELETE", "/admin/settings/modalities/{id}/holidays/{date}", {
      params: { id: modality.id, date: "2026-12-25" },
    });
    await call("DELETE", "/admin/settings/modalities/{id}", { params: { id: modality.id } });

    const user = await call("POST", "/admin/settings/users", {
      body: { email: "new-viewer@example.com", name: "Nova", role: "viewer" },
    });
    expect(user.generated_password).toBeTypeOf("string");
    await call("GET", "/admin/settings/users");
    await call("PATCH", "/admin/settings/users/{id}", { params: { id: user.id }, body: { role: "staff" } });
    await call("POST", "/admin/settings/users/{id}/reset-password", { params: { id: user.id }, body: {} });
  });

  it("the customer's side: tracking page and webhooks (issue 12)", async () => {
    process.env.WEBHOOK_ALLOW_CIDRS = "127.0.0.1/32"; // a loopback endpoint needs the operator's opening
    const endpoint = await call("POST", "/admin/webhooks", {
      body: { url: "http://127.0.0.1:9/hooks", events: ["document.created"] },
    });
    const document = await call("POST", "/document/create", {
      token: fx.tokens.staff,
      body: { status_id: fx.statusIds["Novo"], product_id: fx.productId, cpf: "111.444.777-35" },
    });
    const request = await call("POST", "/documents/{id}/attachments/requests", {
      params: { id: document.id },
      body: { file_name: "CNH" },
    });
    const found = await call("POST", "/tracking/lookup", {
      token: null,
      body: { protocol: document.protocol, identifier: "11144477735" },
    });
    await call("POST", "/tracking/view", { token: null, body: { token: found.token } });
    const form = new FormData();
    form.append("file", new Blob([samplePdf("cnh")], { type: "application/pdf" }), "cnh.pdf");
    await call("POST", "/tracking/upload", {
      token: null,
      query: `?request_id=${request.id}`,
      headers: { "x-tracking-token": found.token },
      form,
    });
    // The customer's own file and reply, the company settings and the logo.
    const own = new FormData();
    own.append("file", new Blob([samplePdf("extra")], { type: "application/pdf" }), "extra.pdf");
    await call("POST", "/tracking/upload", { token: null, headers: { "x-tracking-token": found.token }, form: own });
    await call("POST", "/tracking/reply", { token: null, body: { token: found.token, text: "Obrigado!" } });
    await call("GET", "/admin/settings/tracking-page");
    await call("PUT", "/admin/settings/tracking-page", {
      body: { company_name: "Horizonte", help_phone: "11 3333-4444" },
    });
    const png = new Uint8Array([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6,
      0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0, 0, 0, 0,
    ]);
    const logo = new FormData();
    logo.append("file", new Blob([png], { type: "image/png" }), "logo.png");
    const withLogo = await call("PUT", "/admin/settings/tracking-page/logo", { form: logo });
    await call("GET", "/tracking/logo/{instance}", { token: null, params: { instance: fx.instanceId } });
    expect(withLogo.logo.media_type).toBe("image/png");
    await call("DELETE", "/admin/settings/tracking-page/logo");
    const { items } = await call("GET", "/admin/webhooks");
    const delivery = items[0].deliveries[0];
    await call("POST", "/admin/webhooks/deliveries/{id}/resend", { params: { id: delivery.id }, body: {} });
    await call("GET", "/admin/webhooks/deliveries/{id}", { params: { id: delivery.id } });
    await call("POST", "/admin/webhooks/deliveries/{id}/reveal", { params: { id: delivery.id }, body: {} });
    await call("POST", "/admin/webhooks/{id}/test", { params: { id: endpoint.id }, body: {} });
    await call("POST", "/admin/webhooks/{id}/rotate-secret", {
      params: { id: endpoint.id },
      body: { overlap_hours: 1 },
    });
    await call("PATCH", "/admin/webhooks/{id}", { params: { id: endpoint.id }, body: { enabled: false } });
    await call("DELETE", "/admin/webhooks/{id}", { params: { id: endpoint.id } });
  });

  it("the original service's calls (Compatibility, issue 16)", async () => {
    await call("POST", "/admin/settings/users", {
      body: { email: "compat-user@example.com", name: "Compat User", role: "staff", password: "a-long-password-2" },
    });
    const signedIn = await call("POST", "/cognito/user/signIn", {
      token: null,
      body: { email: "compat-user@example.com", password: "a-long-password-2" },
    });
    const token = signedIn.token as string;
    const created = await call("POST", "/document/create", {
      token,
      body: {
        status_id: fx.statusIds["Novo"],
        product_id: fx.productId,
        cpf: "52998224725",
        source: "",
        filled_columns: null,
      },
    });
    const id = created.id as number;
    await call("POST", "/document/filter", { token, body: { uuid: [created.uuid], initialDate: "01/01/2020" } });
    const note = await call("POST", "/observation/create", {
      token,
      body: { document_id: id, message: "Nota", observation_from: "client", section: "s", send_communication: false },
    });
    await call("POST", "/observation/deleteById", { token, body: { id: note.id } });
    const [pendency] = await call("POST", "/attachment/createPendency", {
      token,
      body: {
        pendencies: [{ document_id: id, name: "RG", description: "Frente", status: "pending" }],
        send_to_sac: true,
      },
    });
    await call("POST", "/attachment/loadPendency", { token, body: { document_id: id } });
    await call("POST", "/attachment/updateById", { token, body: { id: pendency.id, status: "in_analisys" } });
    await call("POST", "/attachment/upload/link", {
      token,
      body: {
        document_id: id,
        name: "Contrato",
        description: "",
        filename: "contrato.pdf",
        path: "https://files.example.com/contrato.pdf",
        driver: "s3",
        status: "ok",
        send_attachment: false,
      },
    });
    await call("POST", "/document/loadById", { token, body: { id } });
    await call("POST", "/product/create", { body: { name: "Produto compat", description: "CLI" } });
    await call("POST", "/status/loadStatusTransition", { body: { products: [fx.productId] } });
  });

  it("left no contract uncalled", () => {
    const missing = CONTRACTS.filter((contract) => !covered.has(contract)).map((c) => `${c.method} ${c.path}`);
    expect(missing).toEqual([]);
  });
});
