// The customer's tracking routes (/api/tracking/{lookup,view,upload}) seen from outside, over real HTTP: what their
// route wrapper guarantees whoever implements it (this file was written against the tracking
// routes' own wrapper before apiRoute took them over). Every answer carries x-request-id and
// `cache-control: no-store`; one brake of 60 requests a minute per client address across the three routes (the
// socket's address: a forged X-Forwarded-For does not split it), 429 + Retry-After past it; JSON bodies capped at
// 16 KiB (413); bad JSON, unknown fields and other content types in the spec's error shape; one `api.request` log
// line with actor "customer"; and the requests counted in /api/metrics like every other API route (new with the
// one wrapper: docs/decisions/0036-one-route-wrapper.md). Runs on PGlite and PostgreSQL. The handler context types
// are checked by tsc.
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, expectTypeOf, it, vi } from "vitest";
import type * as createContract from "@/app/api/document/create/contract.ts";
import type * as viewContract from "@/app/api/tracking/view/contract.ts";
import type { RouteHandler } from "@/lib/http/server/api-route.ts";
import { trackingToken } from "@/lib/outbox/server/tracking-link.ts";
import { createInstanceFixture, type InstanceFixture } from "./helpers/fixtures.ts";
import { postFrom as postFromAddress, withinOneWindow, type RawAnswer } from "./helpers/post-from.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";

let app: TestApp;
let fx: InstanceFixture;
let uuid: string;

beforeAll(async () => {
  app = await startTestApp();
  fx = await createInstanceFixture(app.db, "default");
  const created = await app.post(
    "document/create",
    { status_id: fx.statusIds["Em análise"], product_id: fx.productId, sla_total: 48, cpf: "111.444.777-35" },
    { token: fx.tokens.admin },
  );
  expect(created.status).toBe(200);
  uuid = String((await created.json()).uuid);
});
afterAll(async () => app?.close());
afterEach(() => {
  delete process.env.METRICS_TOKEN;
});

/** POST to /api/<route> from the local address `from` (its own client address, so its own brake). */
const postFrom = (from: string, route: string, body: string, headers: Record<string, string> = {}) =>
  postFromAddress(app.baseUrl, from, `/api/${route}`, body, headers);

const json = (value: unknown) => JSON.stringify(value);

/** What every tracking answer carries, success or error. */
function expectCommonHeaders(answer: RawAnswer) {
  expect(answer.headers["cache-control"]).toBe("no-store");
  expect(answer.headers["x-request-id"]).toMatch(/^[\w.-]{8,64}$/);
  expect(answer.headers["content-type"]).toMatch(/^application\/json/);
}

describe("headers", () => {
  it("success and error answers carry x-request-id (a proxy's own kept) and cache-control: no-store", async () => {
    const ok = await postFrom("127.0.0.11", "tracking/view", json({ token: trackingToken(uuid) }), {
      "x-request-id": "tracking-route-0001",
    });
    expect(ok.status).toBe(200);
    expectCommonHeaders(ok);
    expect(ok.headers["x-request-id"]).toBe("tracking-route-0001");
    expect(JSON.parse(ok.text)).toMatchObject({ finished: false, observations: [], pending_requests: [] });

    const lookup = await postFrom(
      "127.0.0.11",
      "tracking/lookup",
      json({ protocol: "20990101-000001", identifier: "1" }),
    );
    expect(lookup.status).toBe(404);
    expectCommonHeaders(lookup);
    expect(JSON.parse(lookup.text)).toMatchObject({ status: "error", code: "tracking_not_found" });

    const upload = await postFrom("127.0.0.11", "tracking/upload", "");
    expect(upload.status).toBe(400);
    expectCommonHeaders(upload);
    expect(JSON.parse(upload.text)).toEqual({
      status: "error",
      message: "Invalid parameters: token and request_id are required",
      error: "BadRequest: Invalid parameters: token and request_id are required",
      code: "bad_request",
    });
  });
});

describe("bodies", () => {
  it("bad JSON, an unknown field, a missing field and another content type answer in the spec's error shape", async () => {
    const badJson = await postFrom("127.0.0.12", "tracking/view", "{token:");
    expect(badJson.status).toBe(400);
    expectCommonHeaders(badJson);
    expect(JSON.parse(badJson.text)).toEqual({
      status: "error",
      message: "Invalid parameters: the body is not valid JSON",
      error: "BadRequest: Invalid parameters: the body is not valid JSON",
      code: "bad_request",
    });

    const unknown = await postFrom("127.0.0.12", "tracking/view", json({ token: "x", extra: 1 }));
    expect(unknown.status).toBe(400);
    expectCommonHeaders(unknown);
    const unknownBody = JSON.parse(unknown.text);
    expect(unknownBody).toMatchObject({
      status: "error",
      message: "Invalid parameters",
      error: "BadRequest: Invalid parameters",
    });
    expect(JSON.stringify(unknownBody.errors)).toContain("extra");

    const missing = await postFrom("127.0.0.12", "tracking/lookup", json({ protocol: "20990101-000001" }));
    expect(missing.status).toBe(400);
    expect(JSON.parse(missing.text).errors).toEqual([
      expect.objectContaining({ path: "identifier", code: expect.any(String) }),
    ]);

    const text = await postFrom("127.0.0.12", "tracking/view", "token=x", { "content-type": "text/plain" });
    expect(text.status).toBe(415);
    expectCommonHeaders(text);
    expect(JSON.parse(text.text)).toMatchObject({
      status: "error",
      error: "UnsupportedMediaType: Content-Type must be application/json",
    });
  });

  it("caps JSON bodies at 16 KiB: 16,384 bytes are read (then refused by the schema), 16,385 answer 413", async () => {
    const padded = (bytes: number) => {
      const body = json({ token: "" });
      return json({ token: "t".repeat(bytes - body.length) });
    };
    expect(Buffer.byteLength(padded(16_384))).toBe(16_384);
    const atCap = await postFrom("127.0.0.13", "tracking/view", padded(16_384));
    expect(atCap.status).toBe(400);
    expect(JSON.parse(atCap.text).errors).toEqual([expect.objectContaining({ path: "token" })]);

    for (const route of ["tracking/view", "tracking/lookup"]) {
      const over = await postFrom("127.0.0.13", route, padded(16_385));
      expect(over.status, route).toBe(413);
      expectCommonHeaders(over);
      expect(JSON.parse(over.text)).toMatchObject({
        status: "error",
        error: expect.stringMatching(/^PayloadTooLarge: /),
      });
    }
  });
});

describe("the per-address brake", () => {
  it("60 requests a minute per address across the three routes, then 429 + Retry-After; a forged X-Forwarded-For does not split it", async () => {
    // The brake counts per clock minute: start with room for the whole run inside one.
    await withinOneWindow(20_000);
    const from = "127.0.0.14";
    const routes = ["tracking/view", "tracking/lookup", "tracking/upload?request_id=1"];
    const statuses: number[] = [];
    // An upload without a validly signed token is answered by the HTTP server before the route (and its brake) runs
    // (lib/tracking/server/upload-gate.ts): these send a signed token for a document that does not exist.
    const signed = { "x-tracking-token": trackingToken(randomUUID()) };
    for (let attempt = 0; attempt < 60; attempt++) {
      const route = routes[attempt % 3]!;
      const body = route === "tracking/lookup" ? json({ protocol: "x" }) : json({ token: "not-a-token" });
      const answer = await postFrom(from, route, body, { "x-forwarded-for": `198.51.100.${attempt}`, ...signed });
      statuses.push(answer.status);
    }
    // view: 404 (unknown token), lookup: 400 (identifier missing), upload: 404 (no such document).
    expect(statuses).toEqual(Array.from({ length: 60 }, (_, attempt) => [404, 400, 404][attempt % 3]));

    for (const route of routes) {
      const refused = await postFrom(from, route, json({ token: "not-a-token" }), {
        "x-forwarded-for": "203.0.113.9",
        ...signed,
      });
      expect(refused.status, route).toBe(429);
      expectCommonHeaders(refused);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThanOrEqual(1);
      expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(60);
      expect(JSON.parse(refused.text)).toEqual({
        status: "error",
        message: "Too many requests, try again later",
        error: "TooManyRequests: Too many requests, try again later",
        code: "too_many_requests",
      });
    }
    // Another address has its own brake.
    expect((await postFrom("127.0.0.15", "tracking/view", json({ token: "not-a-token" }))).status).toBe(404);
  });
});

describe("observability", () => {
  it("one api.request log line per call, actor customer, no personal data", async () => {
    const previous = process.env.LOG_LEVEL;
    process.env.LOG_LEVEL = "info";
    const lines: string[] = [];
    const spy = vi.spyOn(console, "log").mockImplementation((line: unknown) => void lines.push(String(line)));
    try {
      const answer = await postFrom(
        "127.0.0.16",
        "tracking/lookup",
        json({ protocol: "20990101-4242", identifier: "111.444.777-35" }),
        {
          "x-request-id": "tracking-route-log-01",
        },
      );
      expect(answer.status).toBe(404);
    } finally {
      spy.mockRestore();
      process.env.LOG_LEVEL = previous;
    }
    const mine = lines.map((line) => JSON.parse(line)).filter((line) => line.request_id === "tracking-route-log-01");
    expect(mine).toEqual([
      {
        time: expect.any(String),
        level: "info",
        event: "api.request",
        request_id: "tracking-route-log-01",
        method: "POST",
        path: "/api/tracking/lookup",
        status: 404,
        actor: "customer",
        ms: expect.any(Number),
      },
    ]);
    expect(lines.join("\n")).not.toContain("111.444.777");
  });

  it("counts the calls in /api/metrics like every other API route (by route template and status)", async () => {
    process.env.METRICS_TOKEN = "tracking-metrics-token";
    const scrape = async () => {
      const response = await fetch(`${app.baseUrl}/api/metrics`, {
        headers: { authorization: "Bearer tracking-metrics-token" },
      });
      expect(response.status).toBe(200);
      const line = (await response.text())
        .split("\n")
        .find((entry) =>
          entry.startsWith('docflow_http_requests_total{method="POST",route="/api/tracking/view",status="404"}'),
        );
      return line ? Number(line.split(" ").at(-1)) : 0;
    };
    const before = await scrape();
    for (let call = 0; call < 3; call++) {
      expect((await postFrom("127.0.0.17", "tracking/view", json({ token: "not-a-token" }))).status).toBe(404);
    }
    await expect.poll(scrape).toBe(before + 3);
  });
});

describe("handler context (checked by tsc --noEmit)", () => {
  it("an auth-less route's handler gets the client address and no actor; a bearer route's the actor and no address", () => {
    type Public = Parameters<RouteHandler<typeof viewContract.POST>>[0];
    type Staff = Parameters<RouteHandler<typeof createContract.POST>>[0];
    expectTypeOf<Public>().toHaveProperty("address").toEqualTypeOf<string | null>();
    expectTypeOf<Public>().not.toHaveProperty("actor");
    expectTypeOf<Staff>().toHaveProperty("actor");
    expectTypeOf<Staff>().not.toHaveProperty("address");
  });
});
