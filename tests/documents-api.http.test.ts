import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createInstanceFixture, type InstanceFixture } from "./helpers/fixtures.ts";
import { READ_VIEW_KEYS } from "./helpers/read-view-keys.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";

let app: TestApp;
let fx: InstanceFixture;
let other: InstanceFixture;

beforeAll(async () => {
  app = await startTestApp();
  fx = await createInstanceFixture(app.db, "default");
  other = await createInstanceFixture(app.db, "other");
});
afterAll(async () => app?.close());

const FULL_KEYS = [
  "id",
  "uuid",
  "status_id",
  "product_id",
  "user_id",
  "source",
  "protocol",
  "cpf",
  "email",
  "phone",
  "name",
  "sla_total",
  "sla_start",
  "sla_end",
  "sla_end_status",
  "modality_identifier",
  "filled_columns",
  "date_time",
  "created_at",
  "updated_at",
  "modality_id",
  "date_finished",
];
const HOUR = 3_600_000;

async function call(route: string, body: unknown, token = fx.tokens.staff) {
  const response = await app.post(route, body, { token });
  return { status: response.status, body: (await response.json()) as Record<string, any>, headers: response.headers };
}

async function create(extra: Record<string, unknown> = {}, token = fx.tokens.staff) {
  const result = await call(
    "document/create",
    { status_id: fx.statusIds["Novo"], product_id: fx.productId, cpf: "123.456.789-09", ...extra },
    token,
  );
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body;
}

describe("document/create", () => {
  it("answers the sent fields plus the assigned ones", async () => {
    const sent = {
      status_id: fx.statusIds["Novo"],
      product_id: fx.productId,
      cpf: "111.444.777-35",
      name: "Maria Silva",
      phone: "+55 11 99999-0000",
      email: "maria@example.com",
      sla_total: 24,
      source: "chatbot",
      modality_identifier: "24x7",
      filled_columns: { placa: "ABC1D23", valor_segurado: 50000 },
    };
    const { status, body } = await call("document/create", sent);
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(
      [
        ...Object.keys(sent),
        "modality_id",
        "uuid",
        "sla_start",
        "sla_end",
        "sla_end_status",
        "date_time",
        "created_at",
        "updated_at",
        "id",
        "protocol",
      ].sort(),
    );
    expect(body).toMatchObject(sent);
    expect(body.modality_id).toBe(fx.modalityIds.plain);
    expect(body.protocol).toMatch(/^\d{8}-\d{6}$/);
    expect(body.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.sla_start).toBe(body.created_at);
    expect(body.date_time).toBe(body.created_at);
    expect(Date.parse(body.sla_end) - Date.parse(body.sla_start)).toBe(24 * HOUR);
    // Novo has its own SLA of 4 hours.
    expect(Date.parse(body.sla_end_status) - Date.parse(body.date_time)).toBe(4 * HOUR);
  });

  it("assigns unique, increasing protocols", async () => {
    const first = await create();
    const second = await create();
    expect(second.protocol > first.protocol).toBe(true);
    expect(second.id).toBeGreaterThan(first.id);
  });

  it("takes the product's default SLA when sla_total is absent, and none when it is null", async () => {
    const defaulted = await call("document/loadById", { id: (await create()).id });
    const full = await call("document/updateById", { id: defaulted.body.id });
    expect(full.body.sla_total).toBe(72);
    const none = await create({ sla_total: null });
    expect(none.sla_end).toBeNull();
  });

  it("creates a modality the first time its identifier is used", async () => {
    const body = await create({ modality_identifier: "Balcão" });
    const modalities = await call("modality/loadAll", {});
    const created = modalities.body as unknown as Array<{ id: number; identifier: string }>;
    expect(created.find((m) => m.identifier === "Balcão")?.id).toBe(body.modality_id);
    const again = await create({ modality_identifier: "Balcão" });
    expect(again.modality_id).toBe(body.modality_id);
  });

  it("counts sla_total in working hours on the modality's calendar, skipping holidays", async () => {
    // A calendar open all day every day, with today and tomorrow (São Paulo dates) as holidays:
    // the clock starts at midnight the day after tomorrow, so 5 h ends at 05:00 local (08:00Z) that day.
    const localDate = (offsetDays: number) =>
      new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(
        new Date(Date.now() + offsetDays * 24 * HOUR),
      );
    const allDay = Object.fromEntries(["1", "2", "3", "4", "5", "6", "7"].map((d) => [d, [["00:00", "24:00"]]]));
    await app.db.modality.create({
      data: {
        instanceId: fx.instanceId,
        identifier: "Feriados",
        workingHours: allDay,
        holidays: {
          create: [0, 1].map((offset) => ({ date: new Date(`${localDate(offset)}T00:00:00Z`), name: `h${offset}` })),
        },
      },
    });
    const body = await create({ modality_identifier: "Feriados", sla_total: 5 });
    expect(body.sla_end).toBe(`${localDate(2)}T08:00:00.000Z`);
  });

  it("counts business hours on the seeded Monday–Friday calendar", async () => {
    const body = await create({ modality_identifier: "Horário comercial", sla_total: 9 });
    const end = new Date(body.sla_end);
    const local = new Intl.DateTimeFormat("en-GB", {
      timeZone: "America/Sao_Paulo",
      weekday: "short",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).format(end);
    // 9 working hours always end within a working day, at most at 18:00, on a weekday.
    expect(local).toMatch(/^(Mon|Tue|Wed|Thu|Fri) (09:\d\d|1[0-7]:\d\d|18:00)$/);
    expect(end.getTime() - Date.parse(body.sla_start)).toBeGreaterThanOrEqual(9 * HOUR);
  });

  it("refuses unknown status_id and product_id with 400 and the original service's error text", async () => {
    const badStatus = await call("document/create", { status_id: 999999, product_id: fx.productId, cpf: "1" });
    expect(badStatus.status).toBe(400);
    expect(badStatus.body).toEqual({
      status: "error",
      message: "Provided status_id parameter not exists on database",
      error: "BadRequest: Provided status_id parameter not exists on database",
      code: "unknown_reference",
      params: { field: "status_id" },
    });
    // Another instance's ids are unknown here.
    const foreign = await call("document/create", {
      status_id: other.statusIds["Novo"],
      product_id: fx.productId,
      cpf: "1",
    });
    expect(foreign.status).toBe(400);
    const badProduct = await call("document/create", {
      status_id: fx.statusIds["Novo"],
      product_id: 999999,
      cpf: "1",
    });
    expect(badProduct.body.error).toBe("BadRequest: Provided product_id parameter not exists on database");
  });

  it("validates the body with field errors", async () => {
    const { status, body } = await call("document/create", { product_id: "abc", cpf: "" });
    expect(status).toBe(400);
    expect(body.error).toMatch(/^BadRequest: /);
    const paths = (body.errors as Array<{ path: string }>).map((e) => e.path).sort();
    expect(paths).toEqual(["cpf", "product_id", "status_id"]);
  });

  it("answers 401 without or with a wrong token, 403 for a viewer, 415 and 413 and 400 for bad bodies", async () => {
    const none = await app.post("document/create", {});
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ status: "error", error: expect.stringMatching(/^Unauthorized: /) });
    expect((await app.post("document/create", {}, { token: "dft_wrong" })).status).toBe(401);
    const viewer = await call(
      "document/create",
      { status_id: fx.statusIds["Novo"], product_id: fx.productId, cpf: "1" },
      fx.tokens.viewer,
    );
    expect(viewer.status).toBe(403);
    const text = await fetch(`${app.baseUrl}/api/document/create`, {
      method: "POST",
      headers: { authorization: `Bearer ${fx.tokens.staff}`, "content-type": "text/plain" },
      body: "cpf=1",
    });
    expect(text.status).toBe(415);
    expect((await text.json()).error).toMatch(/^UnsupportedMediaType: /);
    const huge = await call("document/create", {
      status_id: fx.statusIds["Novo"],
      product_id: fx.productId,
      cpf: "1",
      filled_columns: { blob: "x".repeat(1_200_000) },
    });
    expect(huge.status).toBe(413);
    expect(huge.body.error).toMatch(/^PayloadTooLarge: /);
    const broken = await app.post("document/create", "{not json", { token: fx.tokens.staff });
    expect(broken.status).toBe(400);
    expect((await broken.json()).error).toMatch(/^BadRequest: /);
  });

  it("answers 500 with a request id and no stack trace when the database fails unexpectedly", async () => {
    await app.db.$executeRawUnsafe(`
      CREATE OR REPLACE FUNCTION test_fail_insert() RETURNS trigger AS $$
      BEGIN IF NEW.cpf = 'explode' THEN RAISE EXCEPTION 'simulated failure'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`);
    await app.db.$executeRawUnsafe(
      `CREATE TRIGGER test_fail_insert BEFORE INSERT ON "Document" FOR EACH ROW EXECUTE FUNCTION test_fail_insert()`,
    );
    try {
      const before = await app.db.protocolCounter.findMany();
      const { status, body, headers } = await call("document/create", {
        status_id: fx.statusIds["Novo"],
        product_id: fx.productId,
        cpf: "explode",
      });
      expect(status).toBe(500);
      expect(body.error).toMatch(/^Internal: /);
      expect(body.request_id).toBe(headers.get("x-request-id"));
      expect(JSON.stringify(body)).not.toMatch(/simulated|at \w+ \(|\.ts:/);
      // Nothing half-written: the protocol counter rolled back with the insert.
      expect(await app.db.protocolCounter.findMany()).toEqual(before);
    } finally {
      await app.db.$executeRawUnsafe(`DROP TRIGGER test_fail_insert ON "Document"`);
    }
  });

  it("records a history row naming the token", async () => {
    const body = await create({ name: "Hist" });
    const rows = await app.db.documentHistory.findMany({ where: { documentId: body.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: "create", actorType: "token", actorLabel: "token:default-staff" });
    expect(rows[0]!.changes).toContainEqual({ field: "name", before: null, after: "Hist" });
  });
});

describe("document/updateById", () => {
  it("answers the full document with the spec's keys and merges filled_columns", async () => {
    const created = await create({ filled_columns: { a: 1, b: "keep" } });
    const { status, body } = await call("document/updateById", {
      id: created.id,
      name: "Novo Nome",
      filled_columns: { a: 2, c: true },
    });
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual(FULL_KEYS);
    expect(body.filled_columns).toEqual({ a: 2, b: "keep", c: true });
    expect(body.name).toBe("Novo Nome");
    const history = await app.db.documentHistory.findMany({
      where: { documentId: created.id, action: "update" },
    });
    expect(history).toHaveLength(1);
    expect(history[0]!.changes).toEqual(
      expect.arrayContaining([
        { field: "name", before: null, after: "Novo Nome" },
        { field: "filled_columns.a", before: 1, after: 2 },
        { field: "filled_columns.c", before: null, after: true },
      ]),
    );
  });

  it("keeps every key under 50 concurrent filled_columns updates", async () => {
    const created = await create();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call("document/updateById", { id: created.id, filled_columns: { [`k${i}`]: i } }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(200));
    const stored = await call("document/loadById", { id: created.id });
    for (let i = 0; i < 50; i++) expect(stored.body.filled_columns[`k${i}`]).toBe(i);
    expect(await app.db.documentHistory.count({ where: { documentId: created.id, action: "update" } })).toBe(50);
  });

  it("answers 404 for an unknown id, also for another instance's document", async () => {
    const missing = await call("document/updateById", { id: 987654, name: "x" });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe("NotFound: Provided id parameter not exists on database");
    const created = await create();
    const foreign = await call("document/updateById", { id: created.id, name: "x" }, other.tokens.staff);
    expect(foreign.status).toBe(404);
  });

  it("refuses a status change the transitions do not allow with 409, and changes nothing", async () => {
    const created = await create(); // Novo → only Em análise or Cancelado
    const refused = await call("document/updateById", {
      id: created.id,
      status_id: fx.statusIds["Concluído"],
      name: "should not stick",
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/^Conflict: Transition from status "Novo"/);
    const after = await call("document/loadById", { id: created.id });
    expect(after.body.status_id).toBe(fx.statusIds["Novo"]);
    expect(after.body.fields_to_show.Cliente).toBeNull();
  });

  it("moves date_time and sla_end_status on a status change, sets and clears date_finished", async () => {
    const created = await create({ sla_total: 10, modality_identifier: "24x7" });
    const moved = await call("document/updateById", { id: created.id, status_id: fx.statusIds["Em análise"] });
    expect(moved.status).toBe(200);
    expect(Date.parse(moved.body.date_time)).toBeGreaterThanOrEqual(Date.parse(created.date_time));
    expect(Date.parse(moved.body.sla_end_status) - Date.parse(moved.body.date_time)).toBe(24 * HOUR);
    expect(moved.body.date_finished).toBeNull();
    const cancelled = await call("document/updateById", { id: created.id, status_id: fx.statusIds["Cancelado"] });
    expect(cancelled.body.date_finished).toBe(cancelled.body.date_time);
    expect(cancelled.body.sla_end_status).toBeNull();
    // "Cancelado" is final in the seed: reopening is an exception an admin lists on purpose.
    // (Written to the database directly: an admin token's request here would count against the rate-limit test.)
    await app.db.statusTransition.create({
      data: { fromStatusId: fx.statusIds["Cancelado"]!, toStatusId: fx.statusIds["Novo"]! },
    });
    const reopened = await call("document/updateById", { id: created.id, status_id: fx.statusIds["Novo"] });
    expect(reopened.body.date_finished).toBeNull();
  });

  it("does not count time in a pause status: leaving it pushes sla_end by the paused time", async () => {
    const created = await create({ sla_total: 10, modality_identifier: "24x7" });
    await call("document/updateById", { id: created.id, status_id: fx.statusIds["Em análise"] });
    const paused = await call("document/updateById", {
      id: created.id,
      status_id: fx.statusIds["Aguardando documentos"],
    });
    expect(paused.body.sla_end).toBe(created.sla_end);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const resumed = await call("document/updateById", { id: created.id, status_id: fx.statusIds["Em análise"] });
    const pausedFor = Date.parse(resumed.body.date_time) - Date.parse(paused.body.date_time);
    expect(pausedFor).toBeGreaterThanOrEqual(1200);
    expect(Date.parse(resumed.body.sla_end) - Date.parse(created.sla_end)).toBe(pausedFor);
    // Changing sla_total later keeps the paused time.
    const longer = await call("document/updateById", { id: created.id, sla_total: 12 });
    expect(Date.parse(longer.body.sla_end) - Date.parse(created.sla_end)).toBe(pausedFor + 2 * HOUR);
  });

  it("changes the responsible user only to a user of the instance", async () => {
    const created = await create();
    const user = await app.db.user.create({
      data: { instanceId: fx.instanceId, email: "resp@example.com", name: "Resp", role: "staff", passwordHash: "x" },
    });
    const ok = await call("document/updateById", { id: created.id, user_id: user.id });
    expect(ok.body.user_id).toBe(user.id);
    const bad = await call("document/updateById", { id: created.id, user_id: 999999 });
    expect(bad.status).toBe(400);
    const cleared = await call("document/updateById", { id: created.id, user_id: null });
    expect(cleared.body.user_id).toBeNull();
  });
});

describe("document/loadById and loadByCPF", () => {
  it("answers the read view with exactly the spec's keys", async () => {
    const created = await create({ name: "Leitura", email: "l@example.com", source: "robot" });
    await app.db.observation.create({
      data: { documentId: created.id, text: "nota", authorLabel: "staff", visibility: "customer" },
    });
    // An integration token allowed to read clear data (tests/api-masking.http.test.ts has the masked views).
    const { status, body } = await call("document/loadById", { id: created.id }, fx.tokens.staff);
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual([...READ_VIEW_KEYS].sort());
    expect(body.fields_to_show).toEqual({
      CPF: "123.456.789-09",
      Email: "l@example.com",
      Telefone: null,
      Cliente: "Leitura",
      Fonte: "robot",
      Modalidade: null,
      "Criado em": created.created_at,
    });
    expect(body.status).toMatchObject({ id: fx.statusIds["Novo"], name: "Novo", category: "primary" });
    expect(body.product).toMatchObject({ id: fx.productId, name: "Seguro Auto" });
    expect(body.step).toMatchObject({ name: "Triagem" });
    expect(body.observation).toEqual([expect.objectContaining({ text: "nota", visibility: "customer" })]);
    expect(body.attachment).toEqual([]);
    const missing = await call("document/loadById", { id: 999999 });
    expect(missing.status).toBe(404);
  });

  it("matches cpf identically (string or array), newest first, filtered by categories in all three forms", async () => {
    const cpf = "529.982.247-25";
    const digits = "52998224725";
    const a = await create({ cpf }); // primary
    const b = await create({ cpf });
    await call("document/updateById", { id: b.id, status_id: fx.statusIds["Em análise"] }); // valid
    const c = await create({ cpf: digits }); // primary, written without punctuation
    const d = await create({ cpf, status_id: fx.statusIds["Aguardando documentos"] }); // pause

    const ids = async (body: unknown) => {
      const result = await call("document/loadByCPF", body, fx.tokens.viewer);
      expect(result.status, JSON.stringify(result.body)).toBe(200);
      return (result.body as unknown as Array<{ id: number }>).map((doc) => doc.id);
    };
    expect(await ids({ cpf })).toEqual([d.id, b.id, a.id]);
    expect(await ids({ cpf: digits })).toEqual([c.id]);
    expect(await ids({ cpf: [cpf, digits] })).toEqual([d.id, c.id, b.id, a.id]);
    expect(await ids({ cpf, categories: "valid" })).toEqual([b.id]);
    expect(await ids({ cpf, categories: "valid,pause" })).toEqual([d.id, b.id]);
    expect(await ids({ cpf, categories: ["primary", "pause"] })).toEqual([d.id, a.id]);
    expect(await ids({ cpf, categories: [] })).toEqual([d.id, b.id, a.id]);
    expect(await ids({ cpf, categories: "" })).toEqual([d.id, b.id, a.id]);
    expect(await ids({ cpf: "000.000.000-00" })).toEqual([]);
    // Another instance sees none of them.
    const foreign = await call("document/loadByCPF", { cpf }, other.tokens.viewer);
    expect(foreign.body).toEqual([]);
  });

  it("rejects a missing cpf and unknown categories with 400", async () => {
    expect((await call("document/loadByCPF", {})).status).toBe(400);
    expect((await call("document/loadByCPF", { cpf: [] })).status).toBe(400);
    const unknown = await call("document/loadByCPF", { cpf: "1", categories: "nope" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/Unknown categories: nope/);
  });
});

describe("catalog loadAll", () => {
  it("lists the instance's products, statuses (with category and transitions) and modalities", async () => {
    const products = (await call("product/loadAll", {}, fx.tokens.viewer)).body as unknown as Array<any>;
    expect(products.map((p) => p.id)).toEqual([fx.productId]);
    expect(products[0].columns.map((c: { key: string }) => c.key)).toEqual([
      "placa",
      "valor_segurado",
      "inicio_vigencia",
    ]);
    const statuses = (await call("status/loadAll", {}, fx.tokens.viewer)).body as unknown as Array<any>;
    expect(statuses.map((s) => s.name)).toEqual([
      "Novo",
      "Em análise",
      "Aguardando documentos",
      "Em execução",
      "Concluído",
      "Cancelado",
    ]);
    expect(statuses[0]).toMatchObject({
      category: "primary",
      sla: 4,
      allowed_status_ids: [fx.statusIds["Em análise"], fx.statusIds["Cancelado"]],
    });
    const modalities = (await call("modality/loadAll", {}, other.tokens.viewer)).body as unknown as Array<any>;
    expect(modalities.map((m) => m.identifier)).toEqual(["Horário comercial", "24x7"]);
    expect(modalities[0].holidays.length).toBeGreaterThan(10);
  });
});

describe("rate limit", () => {
  it("answers 429 with Retry-After past the per-minute limit", async () => {
    const previous = process.env.API_RATE_LIMIT_PER_MINUTE;
    process.env.API_RATE_LIMIT_PER_MINUTE = "3";
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await call("status/loadAll", {}, fx.tokens.admin)).status);
      expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
      expect(statuses.at(-1)).toBe(429);
      const limited = await app.post("status/loadAll", {}, { token: fx.tokens.admin });
      expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
      expect((await limited.json()).error).toMatch(/^TooManyRequests: /);
    } finally {
      process.env.API_RATE_LIMIT_PER_MINUTE = previous;
    }
  });
});
