// The LGPD deletion API over real HTTP (built app) on PGlite, or PostgreSQL with TEST_DATABASE_URL: exact bodies
// and status codes of the spec, duplicate handling, and logs without CPFs.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { keyedHash } from "@/lib/auth/server/secrets.ts";
import { processDueRequests } from "@/lib/lgpd/server/deletion-queue.ts";
import { cpfFromBase, createLgpdInstance, formatCpf, insertDocument, type LgpdInstance } from "./helpers/lgpd.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";

const RECEIVED = '{"status":"pending","message":"Request received. Please use the status method to check progress"}';
const INVALID = '{"status":"error","message":"Invalid CPF"}';
const UNAUTHORIZED = '{"status":"error","message":"Unauthorized"}';
const NOT_FOUND = '{"status":"error","message":"Request not found"}';
const UNEXPECTED = '{"status":"error","message":"Unexpected error"}';

let app: TestApp;
let main: LgpdInstance;
let other: LgpdInstance;

// Wrong keys are throttled per address (tests/abuse-brakes.http.test.ts): each request here comes from its own address,
// as a trusted proxy (TRUST_PROXY=1) reports it, so this file's many 401 checks never meet the lock.
let addressCount = 0;
const freshAddress = () => `10.77.${++addressCount >> 8}.${addressCount & 255}`;

beforeAll(async () => {
  process.env.TRUST_PROXY = "1";
  app = await startTestApp();
  main = await createLgpdInstance(app.db, "default");
  other = await createLgpdInstance(app.db, "outra");
});
afterAll(async () => app?.close());

function postRequest(body: unknown, options: { key?: string | null; slug?: string; contentType?: string } = {}) {
  const key = options.key === undefined ? main.key : options.key;
  return fetch(`${app.baseUrl}/api/lgpd/${options.slug ?? main.slug}/request`, {
    method: "POST",
    headers: {
      "content-type": options.contentType ?? "application/json",
      "x-forwarded-for": freshAddress(),
      ...(key !== null ? { "x-api-key": key } : {}),
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

function getStatus(cpf: string, options: { key?: string | null; slug?: string } = {}) {
  const key = options.key === undefined ? main.key : options.key;
  return fetch(`${app.baseUrl}/api/lgpd/${options.slug ?? main.slug}/status/${cpf}`, {
    headers: { "x-forwarded-for": freshAddress(), ...(key !== null ? { "x-api-key": key } : {}) },
  });
}

async function expectExact(response: Response, status: number, body: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  expect(await response.text()).toBe(body);
}

const rowsFor = (instanceId: number, digits: string) =>
  app.db.lgpdRequest.findMany({ where: { instanceId, cpfHash: keyedHash(digits) }, orderBy: { id: "asc" } });

describe("POST /api/lgpd/<instance>/request", () => {
  it("accepts a digits-only CPF with the exact 200 body and stores it hashed, masked and pending", async () => {
    const digits = cpfFromBase(123456789);
    expect(digits).toBe("12345678909");
    const before = Date.now();
    const response = await postRequest({ cpf: digits });
    await expectExact(response, 200, RECEIVED);
    expect(response.headers.get("x-request-id")).toBeTruthy();
    const rows = await rowsFor(main.instanceId, digits);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: "pending",
      cpfHash: keyedHash(digits),
      cpfMasked: "***.456.789-**",
      cpfPending: digits,
      pendingKey: keyedHash(digits),
      attempts: 0,
      processedAt: null,
      source: "api",
    });
    // LGPD_DELAY_HOURS defaults to 0: due at once.
    expect(rows[0]!.notBefore.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(rows[0]!.notBefore.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it("accepts a formatted CPF, and a second request while one is pending creates no duplicate", async () => {
    const digits = cpfFromBase(111444777);
    expect(digits).toBe("11144477735");
    await expectExact(await postRequest({ cpf: formatCpf(digits) }), 200, RECEIVED);
    await expectExact(await postRequest({ cpf: digits }), 200, RECEIVED);
    await expectExact(await postRequest({ cpf: ` ${formatCpf(digits)} ` }), 200, RECEIVED);
    const rows = await rowsFor(main.instanceId, digits);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.cpfPending).toBe(digits);
  });

  it("concurrent requests for one CPF leave exactly one pending row", async () => {
    const digits = cpfFromBase(222333444);
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) => postRequest({ cpf: i % 2 ? digits : formatCpf(digits) })),
    );
    for (const response of responses) await expectExact(response, 200, RECEIVED);
    expect(await rowsFor(main.instanceId, digits)).toHaveLength(1);
  });

  it("the same CPF in another instance is a separate request", async () => {
    const digits = cpfFromBase(123456789);
    await expectExact(await postRequest({ cpf: digits }, { slug: other.slug, key: other.key }), 200, RECEIVED);
    expect(await rowsFor(other.instanceId, digits)).toHaveLength(1);
    expect(await rowsFor(main.instanceId, digits)).toHaveLength(1);
  });

  it.each([
    ["missing cpf", {}],
    ["null cpf", { cpf: null }],
    ["empty cpf", { cpf: "" }],
    ["malformed", { cpf: "abc" }],
    ["too short", { cpf: "1234567890" }],
    ["too long", { cpf: "123456789091" }],
    ["wrong check digits", { cpf: "12345678900" }],
    ["wrong check digits, formatted", { cpf: "123.456.789-10" }],
    ["all equal digits", { cpf: "111.111.111-11" }],
    ["half-formatted", { cpf: "123.456789-09" }],
    ["a number instead of a string", { cpf: 12345678909 }],
    ["an array body", ["12345678909"]],
    ["a JSON string body", '"12345678909"'],
    ["a body that is not JSON", "cpf=12345678909"],
    ["truncated JSON", '{"cpf": "12345678909"'],
    ["an empty body", ""],
  ])("answers 400 Invalid CPF for %s", async (_label, body) => {
    const count = await app.db.lgpdRequest.count();
    await expectExact(await postRequest(body), 400, INVALID);
    expect(await app.db.lgpdRequest.count()).toBe(count);
  });

  it("answers 400 Invalid CPF for a non-JSON content type with a non-JSON body, and for an oversized body", async () => {
    await expectExact(await postRequest("hello", { contentType: "text/plain" }), 400, INVALID);
    await expectExact(await postRequest({ cpf: "12345678909", pad: "x".repeat(20_000) }), 400, INVALID);
  });

  it("answers 401 for a missing key, a wrong key, another instance's key and an unknown instance", async () => {
    const body = { cpf: cpfFromBase(555666777) };
    await expectExact(await postRequest(body, { key: null }), 401, UNAUTHORIZED);
    await expectExact(await postRequest(body, { key: "" }), 401, UNAUTHORIZED);
    await expectExact(await postRequest(body, { key: `${main.key}x` }), 401, UNAUTHORIZED);
    await expectExact(await postRequest(body, { key: other.key }), 401, UNAUTHORIZED);
    await expectExact(await postRequest(body, { slug: "no-such-instance" }), 401, UNAUTHORIZED);
    // Authentication comes first: an invalid body with a wrong key still answers 401.
    await expectExact(await postRequest("not json", { key: "wrong" }), 401, UNAUTHORIZED);
    expect(await rowsFor(main.instanceId, body.cpf)).toHaveLength(0);
  });

  it("a rotated key replaces the old one", async () => {
    const spare = await createLgpdInstance(app.db, "rotacao");
    const { rotateLgpdKey } = await import("@/lib/lgpd/server/keys.ts");
    const { key: newKey } = await rotateLgpdKey(spare.instanceId);
    const body = { cpf: cpfFromBase(987654321) };
    await expectExact(await postRequest(body, { slug: spare.slug, key: spare.key }), 401, UNAUTHORIZED);
    await expectExact(await postRequest(body, { slug: spare.slug, key: newKey }), 200, RECEIVED);
  });

  it("answers 500 with the exact body on a real database failure, logging the request id and no CPF", async () => {
    const digits = cpfFromBase(314159265);
    await app.db.$executeRawUnsafe(
      `CREATE FUNCTION lgpd_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by test trigger'; END $$`,
    );
    await app.db.$executeRawUnsafe(
      `CREATE TRIGGER lgpd_test_refuse BEFORE INSERT ON "LgpdRequest" FOR EACH ROW EXECUTE FUNCTION lgpd_test_refuse()`,
    );
    const lines: string[] = [];
    const spy = vi.spyOn(console, "error").mockImplementation((line: unknown) => void lines.push(String(line)));
    try {
      const response = await postRequest({ cpf: formatCpf(digits) });
      await expectExact(response, 500, UNEXPECTED);
      const requestId = response.headers.get("x-request-id");
      const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(logged).toContainEqual(
        expect.objectContaining({ event: "lgpd.unexpected_error", request_id: requestId, route: "request" }),
      );
      expect(lines.join("\n")).not.toContain(digits);
      expect(lines.join("\n")).not.toContain(formatCpf(digits));
    } finally {
      spy.mockRestore();
      await app.db.$executeRawUnsafe(`DROP TRIGGER lgpd_test_refuse ON "LgpdRequest"`);
      await app.db.$executeRawUnsafe(`DROP FUNCTION lgpd_test_refuse()`);
    }
    // The API works again afterwards (and on PostgreSQL, the pool answers correctly after the error).
    await expectExact(await postRequest({ cpf: digits }), 200, RECEIVED);
    expect(await rowsFor(main.instanceId, digits)).toHaveLength(1);
  });

  it("logs one JSON line per call with the request id and never the CPF", async () => {
    const digits = cpfFromBase(271828182);
    const lines: string[] = [];
    const spy = vi.spyOn(console, "log").mockImplementation((line: unknown) => void lines.push(String(line)));
    const previous = process.env.LOG_LEVEL;
    process.env.LOG_LEVEL = "info";
    try {
      const posted = await postRequest({ cpf: formatCpf(digits) });
      expect(posted.status).toBe(200);
      const status = await getStatus(formatCpf(digits));
      expect(status.status).toBe(200);
      const api = lines
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((l) => l.event === "lgpd.api");
      expect(api).toEqual([
        expect.objectContaining({ request_id: posted.headers.get("x-request-id"), route: "request", status: 200 }),
        expect.objectContaining({ request_id: status.headers.get("x-request-id"), route: "status", status: 200 }),
      ]);
      expect(lines.join("\n")).not.toMatch(new RegExp(`${digits}|${digits.slice(0, 3)}\\.${digits.slice(3, 6)}`));
    } finally {
      process.env.LOG_LEVEL = previous;
      spy.mockRestore();
    }
  });
});

describe("GET /api/lgpd/<instance>/status/<cpf>", () => {
  it("finds a pending request by digits or formatted CPF, with its request time", async () => {
    const digits = cpfFromBase(123456789);
    const [row] = await rowsFor(main.instanceId, digits);
    for (const cpf of [digits, formatCpf(digits), encodeURIComponent(formatCpf(digits))]) {
      const response = await getStatus(cpf);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        message: "Request found",
        status: "pending",
        details: { requested_at: row!.requestedAt.toISOString() },
      });
    }
  });

  it("answers 404 with the exact body when there is no request for the CPF in that instance", async () => {
    await expectExact(await getStatus(cpfFromBase(999888777)), 404, NOT_FOUND);
    // Requested in `default` only: `rotacao` does not see it.
    const spare = await app.db.instance.findUniqueOrThrow({ where: { slug: "rotacao" } });
    const { rotateLgpdKey } = await import("@/lib/lgpd/server/keys.ts");
    const { key } = await rotateLgpdKey(spare.id);
    await expectExact(await getStatus(cpfFromBase(111444777), { slug: "rotacao", key }), 404, NOT_FOUND);
  });

  it.each([["12345678900"], ["abc"], ["123"], ["111.111.111-11"], ["123.456.789-0"], ["123%2F456%2F789-09"]])(
    "answers 400 Invalid CPF for %s",
    async (cpf) => {
      await expectExact(await getStatus(cpf), 400, INVALID);
    },
  );

  it.each(["status", "access", "summary"])(
    "GET /%s/<cpf>: a bad CPF segment is 400 Invalid CPF (the contract's path param), after the key",
    async (route) => {
      const get = (cpf: string, key: string = main.key) =>
        fetch(`${app.baseUrl}/api/lgpd/${main.slug}/${route}/${cpf}`, {
          headers: { "x-forwarded-for": freshAddress(), "x-api-key": key },
        });
      for (const cpf of ["12345678900", "abc", "123.456.789-0", "%E0%A4%A", "123%2F456%2F789-09"]) {
        await expectExact(await get(cpf), 400, INVALID);
      }
      // A wrong key is refused before the segment is read.
      await expectExact(await get("12345678900", "lgpd_wrong"), 401, UNAUTHORIZED);
      // A valid CPF, percent-encoded and formatted, passes the segment (no request for it: 404 / No data).
      const answer = await get(encodeURIComponent(` ${formatCpf(cpfFromBase(777666555))} `));
      expect(answer.status).not.toBe(400);
      expect(await answer.text()).not.toBe(INVALID);
    },
  );

  it("answers 401 for a missing or wrong key and an unknown instance", async () => {
    const cpf = cpfFromBase(123456789);
    await expectExact(await getStatus(cpf, { key: null }), 401, UNAUTHORIZED);
    await expectExact(await getStatus(cpf, { key: "lgpd_wrong" }), 401, UNAUTHORIZED);
    await expectExact(await getStatus(cpf, { key: other.key }), 401, UNAUTHORIZED);
    await expectExact(await getStatus(cpf, { slug: "nope" }), 401, UNAUTHORIZED);
    await expectExact(await getStatus("not-a-cpf", { slug: "nope" }), 401, UNAUTHORIZED);
  });

  it("shows done with the deletion summary, then the latest request after a new one", async () => {
    const digits = cpfFromBase(400500600);
    const doc = await insertDocument(app.db, main, formatCpf(digits), { observations: 2, attachments: 1, history: 1 });
    await expectExact(await postRequest({ cpf: digits }), 200, RECEIVED);
    const { results } = await processDueRequests({ owner: "api-test", limit: 50 });
    expect(results.find((r) => r.outcome === "done")).toBeTruthy();
    expect(await app.db.document.count({ where: { id: doc.id } })).toBe(0);

    const done = await getStatus(formatCpf(digits));
    expect(done.status).toBe(200);
    const body = (await done.json()) as { details: Record<string, unknown> };
    expect(body).toEqual({
      message: "Request found",
      status: "done",
      details: {
        requested_at: expect.any(String),
        completed_at: expect.any(String),
        deleted: { documents: 1, observations: 2, attachments: 1, history: 1 },
      },
    });
    expect(Date.parse(body.details.completed_at as string)).toBeGreaterThanOrEqual(
      Date.parse(body.details.requested_at as string),
    );

    // A new request for the same CPF is accepted (the previous one is no longer pending) and is now the latest.
    await expectExact(await postRequest({ cpf: formatCpf(digits) }), 200, RECEIVED);
    expect(await rowsFor(main.instanceId, digits)).toHaveLength(2);
    expect(await (await getStatus(digits)).json()).toMatchObject({ status: "pending" });
    await processDueRequests({ owner: "api-test", limit: 50 });
    expect(await (await getStatus(digits)).json()).toMatchObject({
      status: "not_found",
      details: { deleted: { documents: 0, observations: 0, attachments: 0, history: 0 } },
    });
  });

  it("answers 500 with the exact body on a real database failure", async () => {
    await app.db.$executeRawUnsafe(`ALTER TABLE "LgpdRequest" RENAME TO "LgpdRequest_hidden"`);
    try {
      await expectExact(await getStatus(cpfFromBase(123456789)), 500, UNEXPECTED);
    } finally {
      await app.db.$executeRawUnsafe(`ALTER TABLE "LgpdRequest_hidden" RENAME TO "LgpdRequest"`);
    }
    expect((await getStatus(cpfFromBase(123456789))).status).toBe(200);
  });
});

describe("LGPD_DELAY_HOURS", () => {
  it("postpones processing of new requests", async () => {
    const digits = cpfFromBase(700800900);
    process.env.LGPD_DELAY_HOURS = "2";
    try {
      await expectExact(await postRequest({ cpf: digits }), 200, RECEIVED);
    } finally {
      delete process.env.LGPD_DELAY_HOURS;
    }
    const [row] = await rowsFor(main.instanceId, digits);
    expect(row!.notBefore.getTime() - row!.requestedAt.getTime()).toBeGreaterThan(2 * 3_600_000 - 5_000);
    const { results } = await processDueRequests({ owner: "delay-test", limit: 100 });
    expect(results.map((r) => r.id)).not.toContain(row!.id);
    expect(await (await getStatus(digits)).json()).toMatchObject({ status: "pending" });
  });
});
