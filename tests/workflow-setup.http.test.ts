// Workflow setup without traps, over real HTTP on a real database (PGlite, or PostgreSQL with
// TEST_DATABASE_URL): a status marked final lets documents move nowhere unless it lists transitions (the seed's
// "Concluído" and "Cancelado" are final), the staff page's view says so, and settings answer `final`.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createInstanceFixture, type InstanceFixture } from "./helpers/fixtures.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";

type Json = Record<string, any>;

let app: TestApp;
let fx: InstanceFixture;

async function request(method: string, route: string, body?: unknown, token = fx.tokens.admin) {
  const response = await fetch(`${app.baseUrl}/api/${route}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as Json };
}

beforeAll(async () => {
  app = await startTestApp();
  fx = await createInstanceFixture(app.db, "default");
});
afterAll(async () => app?.close());

describe("final statuses", () => {
  it("refuse every move out unless the status lists it; the staff view says the status is final", async () => {
    const done = fx.statusIds["Concluído"]!;
    const created = await request("POST", "document/create", {
      status_id: done,
      product_id: fx.productId,
      cpf: "12345678909",
    });
    expect(created.status).toBe(200);
    const id = created.body.id as number;

    // The seed makes "Concluído" final: a finished document moves nowhere.
    const seeded = await request("POST", "document/updateById", { id, status_id: fx.statusIds["Em execução"] });
    expect(seeded.status).toBe(409);
    expect(seeded.body).toMatchObject({ code: "status_final" });

    // Not final and with no transitions listed, a status lets a document move anywhere (the spec's rule).
    const unmarked = await request("PATCH", `admin/settings/statuses/${done}`, { final: false });
    expect(unmarked.body).toMatchObject({ id: done, final: false, allowed_status_ids: [] });
    expect((await request("POST", "document/updateById", { id, status_id: fx.statusIds["Em execução"] })).status).toBe(
      200,
    );
    expect((await request("POST", "document/updateById", { id, status_id: done })).status).toBe(200);

    const marked = await request("PATCH", `admin/settings/statuses/${done}`, { final: true });
    expect(marked.status).toBe(200);
    expect(marked.body).toMatchObject({ id: done, final: true, allowed_status_ids: [] });

    const refused = await request("POST", "document/updateById", { id, status_id: fx.statusIds["Novo"] });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: "status_final", params: { from: "Concluído", to: "Novo" } });
    // Staying is not a move.
    expect((await request("POST", "document/updateById", { id, status_id: done })).status).toBe(200);
    const view = await request("GET", `documents/${id}`);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ status_final: true, allowed_status_ids: [] });

    // A final status that lists an exception (reopen) allows that one move only.
    const reopen = await request("PATCH", `admin/settings/statuses/${done}`, {
      allowed_status_ids: [fx.statusIds["Em análise"]],
    });
    expect(reopen.body).toMatchObject({ final: true, allowed_status_ids: [fx.statusIds["Em análise"]] });
    expect((await request("GET", `documents/${id}`)).body).toMatchObject({
      status_final: false,
      allowed_status_ids: [fx.statusIds["Em análise"]],
    });
    expect((await request("POST", "document/updateById", { id, status_id: fx.statusIds["Novo"] })).status).toBe(409);
    expect((await request("POST", "document/updateById", { id, status_id: fx.statusIds["Em análise"] })).status).toBe(
      200,
    );

    // The seed's other final status.
    expect((await request("GET", "admin/settings/statuses")).body).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: fx.statusIds["Cancelado"], final: true })]),
    );
    expect((await request("PATCH", `admin/settings/statuses/${done}`, { final: "yes" })).status).toBe(400);
    expect((await request("PATCH", `admin/settings/statuses/${done}`, { final: false }, fx.tokens.staff)).status).toBe(
      403,
    );
  });
});

describe("deleting a status in use", () => {
  it("moves its documents with ?move_to and deletes it; without it 409, a bad move_to 400", async () => {
    const status = await request("POST", "admin/settings/statuses", {
      name: "Em conferência",
      category_id: fx.categoryIds["valid"],
    });
    expect(status.status).toBe(201);
    const statusId = status.body.id as number;
    const created = await request("POST", "document/create", {
      status_id: statusId,
      product_id: fx.productId,
      cpf: "12345678909",
    });
    const id = created.body.id as number;

    const refused = await request("DELETE", `admin/settings/statuses/${statusId}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: "status_in_use", params: { count: 1 } });
    expect((await request("DELETE", `admin/settings/statuses/${statusId}?move_to=x`)).status).toBe(400);
    expect((await request("DELETE", `admin/settings/statuses/${statusId}?move_to=${statusId}`)).status).toBe(400);
    expect((await request("DELETE", `admin/settings/statuses/${statusId}?move_to=999999`)).status).toBe(404);
    const staff = await request(
      "DELETE",
      `admin/settings/statuses/${statusId}?move_to=${fx.statusIds["Novo"]}`,
      undefined,
      fx.tokens.staff,
    );
    expect(staff.status).toBe(403);

    const moved = await request("DELETE", `admin/settings/statuses/${statusId}?move_to=${fx.statusIds["Novo"]}`);
    expect(moved.status).toBe(200);
    expect(moved.body).toEqual({ deleted: true, id: statusId });
    const view = await request("POST", "document/loadById", { id });
    expect(view.body.status_id).toBe(fx.statusIds["Novo"]);
    const history = await request("GET", `documents/${id}/history`);
    expect(JSON.stringify(history.body)).toContain(`"before":${statusId}`);
  });
});

describe("a per-product map from status to step", () => {
  it("shows each product its own step for a shared status, on the document page and the tracking page", async () => {
    const { trackingToken } = await import("@/lib/outbox/server/tracking-link.ts");
    const product = await request("POST", "admin/settings/products", { name: "Consórcio", sla: 48 });
    expect(product.status).toBe(201);
    const productId = product.body.id as number;
    const addStep = (name: string, body: Json = {}) =>
      request("POST", `admin/settings/products/${productId}/steps`, { name, ...body });
    const first = (await addStep("Cadastro")).body;
    const review = (await addStep("Conferência")).body;
    const created = await request("POST", "document/create", {
      status_id: fx.statusIds["Em análise"],
      product_id: productId,
      cpf: "12345678909",
    });
    const id = created.body.id as number;
    const uuid = (await app.db.document.findUniqueOrThrow({ where: { id } })).uuid;
    const trackingSteps = async () => {
      const response = await app.post("tracking/view", { token: trackingToken(String(uuid)) });
      expect(response.status).toBe(200);
      return ((await response.json()) as Json).steps as Array<{ name: string; current: boolean }>;
    };

    // "Em análise" has the step "Análise" of the other product (Seguro Auto): never shown for this product.
    expect((await request("GET", `documents/${id}`)).body.step).toBeNull();
    expect((await trackingSteps()).filter((step) => step.current)).toEqual([]);

    // Mapped to this product's "Conferência": both pages show it; the other product keeps its own step.
    const mapped = await request("PATCH", `admin/settings/products/${productId}/steps/${review.id}`, {
      status_ids: [fx.statusIds["Em análise"], fx.statusIds["Aguardando documentos"]],
    });
    expect(mapped.status).toBe(200);
    expect((await request("GET", `documents/${id}`)).body.step).toMatchObject({ id: review.id, name: "Conferência" });
    expect(await trackingSteps()).toEqual([
      { name: "Cadastro", current: false },
      { name: "Conferência", current: true },
    ]);
    const detail = await request("GET", `admin/settings/products/${productId}`);
    expect(detail.body.status_steps).toEqual(
      [
        { status_id: fx.statusIds["Em análise"], step_id: review.id },
        { status_id: fx.statusIds["Aguardando documentos"], step_id: review.id },
      ].sort((a, b) => a.status_id - b.status_id),
    );
    const other = await request("POST", "document/create", {
      status_id: fx.statusIds["Em análise"],
      product_id: fx.productId,
      cpf: "12345678909",
    });
    expect((await request("GET", `documents/${other.body.id}`)).body.step).toMatchObject({ name: "Análise" });

    // A status is in one step per product: listing it on "Cadastro" moves it there.
    await request("PATCH", `admin/settings/products/${productId}/steps/${first.id}`, {
      status_ids: [fx.statusIds["Em análise"]],
    });
    expect((await request("GET", `documents/${id}`)).body.step).toMatchObject({ id: first.id });
    expect((await request("GET", `admin/settings/products/${productId}`)).body.status_steps).toEqual(
      [
        { status_id: fx.statusIds["Em análise"]!, step_id: first.id as number },
        { status_id: fx.statusIds["Aguardando documentos"]!, step_id: review.id as number },
      ].sort((a, b) => (a.status_id as number) - (b.status_id as number)),
    );
    const unknown = await request("PATCH", `admin/settings/products/${productId}/steps/${first.id}`, {
      status_ids: [999_999],
    });
    expect(unknown.status).toBe(400);
  });
});
