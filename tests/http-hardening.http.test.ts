// Every /api answer is JSON in the spec's shape. Each case below answered 500 (or an empty
// 405, Next's HTML 404, a plain-text 500) before the fix. Real HTTP against the built app, PGlite or PostgreSQL.
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JSON_LIMITS } from "@/lib/http/json-limits.ts";
import { createInstanceFixture, type InstanceFixture } from "./helpers/fixtures.ts";
import { createLgpdInstance, type LgpdInstance } from "./helpers/lgpd.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";

let app: TestApp;
let fx: InstanceFixture;
let lgpd: LgpdInstance;

beforeAll(async () => {
  app = await startTestApp();
  fx = await createInstanceFixture(app.db, "default");
  lgpd = await createLgpdInstance(app.db, "lgpd");
});
afterAll(async () => app?.close());

type Raw = { status: number; headers: Record<string, string | string[] | undefined>; text: string };

/** A request exactly as written (fetch refuses TRACE and normalises some paths). */
function raw(method: string, path: string, options: { headers?: Record<string, string>; body?: string } = {}) {
  const url = new URL(app.baseUrl);
  return new Promise<Raw>((resolve, reject) => {
    const request = httpRequest(
      { host: url.hostname, port: url.port, method, path, headers: options.headers },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, text }));
      },
    );
    request.on("error", reject);
    request.end(options.body);
  });
}

const staff = () => ({ token: fx.tokens.staff });

async function createDocument(filledColumns: Record<string, unknown> = {}) {
  const response = await app.post(
    "document/create",
    { status_id: fx.statusIds["Novo"], product_id: fx.productId, cpf: "123.456.789-09", filled_columns: filledColumns },
    staff(),
  );
  expect(response.status).toBe(200);
  return (await response.json()) as { id: number; filled_columns: Record<string, unknown> };
}

/** The document API's error shape: status, message and `error: "<Kind>: …"`. */
async function expectDocumentError(response: Response | Raw, status: number, kind: string) {
  expect(response.status).toBe(status);
  const text =
    "text" in response && typeof response.text === "string" ? response.text : await (response as Response).text();
  const body = JSON.parse(text) as Record<string, unknown>;
  expect(body.status).toBe("error");
  expect(typeof body.message).toBe("string");
  expect(String(body.error)).toMatch(new RegExp(`^${kind}: `));
  expect(text).not.toMatch(/\bat \S+ \(|node_modules|prisma|SELECT|INSERT/i);
  return body;
}

describe("filled_columns keys named like object members", () => {
  const memberKeys = ["constructor", "toString", "valueOf", "hasOwnProperty"];

  it("create and updateById keep them as ordinary keys", async () => {
    const created = await createDocument({ constructor: "a" });
    expect(created.filled_columns).toEqual({ constructor: "a" });
    const update = await app.post(
      "document/updateById",
      { id: created.id, filled_columns: Object.fromEntries(memberKeys.map((key) => [key, `v-${key}`])) },
      staff(),
    );
    expect(update.status).toBe(200);
    const updated = (await update.json()) as { filled_columns: Record<string, unknown> };
    expect(updated.filled_columns).toEqual(Object.fromEntries(memberKeys.map((key) => [key, `v-${key}`])));
  });

  it("filled-columns/remove removes them, and ignores them when absent", async () => {
    const document = await createDocument({ toString: 1, kept: 2 });
    const absent = await app.post("documents/filled-columns/remove", { id: document.id, keys: ["valueOf"] }, staff());
    expect(absent.status).toBe(200);
    expect(((await absent.json()) as { filled_columns: unknown }).filled_columns).toEqual({ toString: 1, kept: 2 });
    const removed = await app.post(
      "documents/filled-columns/remove",
      { id: document.id, keys: ["toString", "hasOwnProperty", "constructor"] },
      staff(),
    );
    expect(removed.status).toBe(200);
    expect(((await removed.json()) as { filled_columns: unknown }).filled_columns).toEqual({ kept: 2 });
  });

  it("__proto__ is refused with a field error, never silently dropped", async () => {
    const document = await createDocument({ kept: 1 });
    const response = await app.post(
      "document/updateById",
      `{"id":${document.id},"filled_columns":{"__proto__":{"x":1},"other":2}}`,
      staff(),
    );
    const body = await expectDocumentError(response, 400, "BadRequest");
    expect(body.errors).toEqual([
      { path: "filled_columns.__proto__", message: expect.stringMatching(/reserved/i), code: "invalid" },
    ]);
    const stored = await app.db.document.findUniqueOrThrow({ where: { id: document.id } });
    expect(stored.filledColumns).toEqual({ kept: 1 });
  });
});

describe("text the database cannot hold", () => {
  it("NUL in a text field is a 400 naming the field", async () => {
    for (const [field, value] of [
      ["name", "Ana\u0000"],
      ["cpf", "123\u0000"],
      ["email", "\u0000"],
    ] as const) {
      const response = await app.post(
        "document/create",
        { status_id: fx.statusIds["Novo"], product_id: fx.productId, cpf: "1", [field]: value },
        staff(),
      );
      const body = await expectDocumentError(response, 400, "BadRequest");
      expect(body.errors).toEqual([{ path: field, message: expect.stringMatching(/NUL/), code: "invalid" }]);
    }
  });

  it("NUL in a filled_columns key or nested value is a 400", async () => {
    const document = await createDocument();
    for (const columns of ['{"a\\u0000b":1}', '{"a":{"b":["x\\u0000"]}}']) {
      const response = await app.post(
        "document/updateById",
        `{"id":${document.id},"filled_columns":${columns}}`,
        staff(),
      );
      await expectDocumentError(response, 400, "BadRequest");
    }
  });

  it("a lone UTF-16 surrogate is a 400", async () => {
    const document = await createDocument();
    for (const json of [
      `{"id":${document.id},"name":"\\ud800"}`,
      `{"id":${document.id},"filled_columns":{"k":"\\udfff x"}}`,
      `{"id":${document.id},"filled_columns":{"\\ud83d":1}}`,
    ]) {
      const body = await expectDocumentError(await app.post("document/updateById", json, staff()), 400, "BadRequest");
      expect(JSON.stringify(body.errors)).toMatch(/surrogate/i);
    }
  });

  it("the same checks guard auth/token and the staff routes", async () => {
    await expectDocumentError(await app.post("auth/token", { email: "a\u0000@x", password: "x" }), 400, "BadRequest");
    await expectDocumentError(await app.post("document/loadByCPF", { cpf: "\ud800" }, staff()), 400, "BadRequest");
  });
});

describe("documented JSON limits", () => {
  it("JSON nested 2,000 levels is a 400 (the limit is JSON_LIMITS.depth)", async () => {
    const deep = `${"[".repeat(2000)}${"]".repeat(2000)}`;
    const response = await app.post(
      "document/create",
      `{"status_id":1,"product_id":1,"cpf":"1","filled_columns":{"k":${deep}}}`,
      staff(),
    );
    const body = await expectDocumentError(response, 400, "BadRequest");
    expect(body.message).toMatch(/nested/);
    // Exactly at the limit is accepted (the body object counts as one level).
    const atLimit = JSON_LIMITS.depth - 2;
    const ok = await app.post(
      "document/create",
      {
        status_id: fx.statusIds["Novo"],
        product_id: fx.productId,
        cpf: "1",
        filled_columns: { k: JSON.parse(`${"[".repeat(atLimit)}${"]".repeat(atLimit)}`) },
      },
      staff(),
    );
    expect(ok.status).toBe(200);
  });

  it("a string longer than JSON_LIMITS.stringLength and an object with more than JSON_LIMITS.keys keys are 400", async () => {
    const long = "x".repeat(JSON_LIMITS.stringLength + 1);
    const tooLong = await app.post("document/loadByCPF", { cpf: "1", extra: long }, staff());
    expect((await expectDocumentError(tooLong, 400, "BadRequest")).errors).toEqual([
      { path: "extra", message: expect.stringMatching(/characters/), code: "invalid" },
    ]);
    const wide = Object.fromEntries(Array.from({ length: JSON_LIMITS.keys + 1 }, (_, index) => [`k${index}`, 0]));
    await expectDocumentError(await app.post("document/loadByCPF", { cpf: "1", wide }, staff()), 400, "BadRequest");
  });
});

describe("LGPD routes keep the LGPD shape", () => {
  it("NUL (or a lone surrogate) in the instance slug is 401 Unauthorized", async () => {
    for (const slug of ["lg%00pd", "%00", "%ED%A0%80"]) {
      const response = await raw("POST", `/api/lgpd/${slug}/request`, {
        headers: { "content-type": "application/json", "x-api-key": lgpd.key },
        body: '{"cpf":"12345678909"}',
      });
      expect(response.status).toBe(401);
      expect(response.text).toBe('{"status":"error","message":"Unauthorized"}');
    }
  });

  it("broken percent-encoding in the status path is 400 Invalid CPF in JSON", async () => {
    for (const cpf of ["%E0%A4%A", "%", "123%ZZ", "%C0%AF"]) {
      const response = await raw("GET", `/api/lgpd/${lgpd.slug}/status/${cpf}`, { headers: { "x-api-key": lgpd.key } });
      expect(response.status, cpf).toBe(400);
      expect(response.headers["content-type"]).toMatch(/^application\/json/);
      expect(response.text).toBe('{"status":"error","message":"Invalid CPF"}');
    }
  });

  it("NUL in the CPF body is 400 Invalid CPF", async () => {
    const response = await raw("POST", `/api/lgpd/${lgpd.slug}/request`, {
      headers: { "content-type": "application/json", "x-api-key": lgpd.key },
      body: '{"cpf":"123456789\\u000009"}',
    });
    expect(response.status).toBe(400);
    expect(response.text).toBe('{"status":"error","message":"Invalid CPF"}');
  });

  it("an unsupported method on an LGPD route is 405 with Allow, in the LGPD shape", async () => {
    const response = await raw("DELETE", `/api/lgpd/${lgpd.slug}/request`, { headers: { "x-api-key": lgpd.key } });
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe("OPTIONS, POST");
    expect(JSON.parse(response.text)).toEqual({ status: "error", message: "Method not allowed" });
  });
});

describe("methods and unknown paths", () => {
  it("TRACE is 405 with Allow and the spec's JSON body", async () => {
    const response = await raw("TRACE", "/api/document/create", {
      headers: { authorization: `Bearer ${fx.tokens.staff}` },
    });
    expect(response.headers.allow).toBe("OPTIONS, POST");
    await expectDocumentError(response, 405, "MethodNotAllowed");
    const lgpdTrace = await raw("TRACE", `/api/lgpd/${lgpd.slug}/status/12345678909`);
    expect(lgpdTrace.status).toBe(405);
    expect(lgpdTrace.headers.allow).toBe("GET, HEAD, OPTIONS");
    expect(lgpdTrace.text).toBe('{"status":"error","message":"Method not allowed"}');
    // A client cannot forge the internal marker on an ordinary request.
    const forged = await raw("GET", "/api/openapi.json", { headers: { "x-docflow-unrepresentable-method": "TRACE" } });
    expect(forged.status).toBe(200);
  });

  it("an unexported method is 405 with Allow and a JSON body (not Next's empty 405)", async () => {
    for (const [method, path, allow] of [
      ["GET", "/api/document/loadById", "OPTIONS, POST"],
      ["PUT", "/api/document/updateById", "OPTIONS, POST"],
      ["DELETE", "/api/admin/tokens", "GET, HEAD, OPTIONS, POST"],
      ["PATCH", "/api/status/loadAll", "OPTIONS, POST"],
      ["PROPFIND", "/api/status/loadAll", "OPTIONS, POST"],
    ] as const) {
      const response = await raw(method, path);
      expect(response.headers.allow, `${method} ${path}`).toBe(allow);
      await expectDocumentError(response, 405, "MethodNotAllowed");
    }
  });

  it("an unknown /api path is a 404 in JSON, not the HTML page", async () => {
    for (const path of ["/api/nope", "/api/document/nope", "/api/documents/1/nope/2", "/api"]) {
      const response = await raw("POST", path, { headers: { "content-type": "application/json" }, body: "{}" });
      expect(response.headers["content-type"], path).toMatch(/^application\/json/);
      await expectDocumentError(response, 404, "NotFound");
    }
    for (const path of ["/api/lgpd", `/api/lgpd/${lgpd.slug}/nope`]) {
      const response = await raw("POST", path, { headers: { "content-type": "application/json" }, body: "{}" });
      expect(response.status).toBe(404);
      expect(response.text).toBe('{"status":"error","message":"Not found"}');
    }
  });

  it("known routes keep working: dynamic segments, OPTIONS, HEAD and next-auth's catch-all", async () => {
    expect((await raw("OPTIONS", "/api/document/create")).status).toBe(204);
    expect((await raw("GET", "/api/auth/csrf")).status).toBe(200);
    expect((await raw("GET", "/api/openapi.json")).status).toBe(200);
    expect((await raw("HEAD", "/api/openapi.json")).status).toBe(200);
    const document = await createDocument();
    const history = await raw("GET", `/api/documents/${document.id}/history`, {
      headers: { authorization: `Bearer ${fx.tokens.staff}` },
    });
    expect(history.status).toBe(200);
  });
});
