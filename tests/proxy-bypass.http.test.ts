// Well-formed document-API calls skip proxy.ts (lib/http/proxy-bypass.ts), which cost about a
// tenth of the app's CPU per call. What the proxy guaranteed must hold all the same: no-store and HSTS on those
// answers (now from apiRoute), and everything else — another method, an odd path, a client forging the marker — still
// answered by the proxy in the API's JSON shape.
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { bypassesProxy, PROXY_BYPASS_HEADER } from "@/lib/http/proxy-bypass.ts";
import { createInstanceFixture, type InstanceFixture } from "./helpers/fixtures.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";

const DOCUMENT_ROUTES = ["create", "loadById", "loadByCPF", "updateById"].map((name) => `/api/document/${name}`);

describe("which calls skip the proxy", () => {
  beforeAll(async () => {
    // What next.config.js inlines into the build (a build-time module, plain JavaScript).
    const table = "@/lib/http/server/api-route-table.mjs";
    const { scanApiRoutes } = (await import(/* @vite-ignore */ table)) as { scanApiRoutes: (dir: string) => unknown };
    process.env.DOCFLOW_API_ROUTES ??= JSON.stringify(scanApiRoutes(path.resolve(import.meta.dirname, "../app")));
  });

  it("POST to the exact path of each document-API route, with or without a query string", () => {
    for (const route of DOCUMENT_ROUTES) {
      expect(bypassesProxy("POST", route), route).toBe(true);
      expect(bypassesProxy("POST", `${route}?x=1`), route).toBe(true);
    }
  });

  it("nothing else: other methods, trailing slashes, encodings, unknown or other routes", () => {
    for (const method of ["GET", "HEAD", "PUT", "DELETE", "PATCH", "OPTIONS", "post", undefined]) {
      expect(bypassesProxy(method, "/api/document/loadById"), String(method)).toBe(false);
    }
    for (const url of [
      "/api/document/loadById/",
      "/api/document/loadById/x",
      "/api/document/load%42yId",
      "/api/document/loadbyid",
      "//api/document/loadById",
      "/api/document/nope",
      "/api/document/",
      "/api/documents/search",
      "/api/status/loadAll",
      "/api/document/loadById#x",
      undefined,
    ]) {
      expect(bypassesProxy("POST", url), String(url)).toBe(false);
    }
  });

  it("the build's proxy matcher for /api/… runs wherever the server's marker is missing", () => {
    const manifest = JSON.parse(
      readFileSync(path.resolve(import.meta.dirname, "../.next/server/functions-config-manifest.json"), "utf8"),
    ) as {
      functions: Record<string, { matchers: Array<{ originalSource: string; missing?: Array<{ key: string }> }> }>;
    };
    const matchers = manifest.functions["/_middleware"]!.matchers;
    const api = matchers.find((matcher) => matcher.originalSource === "/api/:path*");
    expect(api?.missing?.map((condition) => condition.key)).toEqual([PROXY_BYPASS_HEADER]);
    expect(matchers.find((matcher) => matcher.originalSource === "/api")?.missing).toBeUndefined();
  });
});

describe("over HTTP (the built app)", () => {
  let app: TestApp;
  let fx: InstanceFixture;
  let documentId: number;

  beforeAll(async () => {
    app = await startTestApp();
    fx = await createInstanceFixture(app.db, "default");
    const created = await app.post(
      "document/create",
      { status_id: fx.statusIds["Novo"], product_id: fx.productId, cpf: "123.456.789-09", name: "Ana" },
      { token: fx.tokens.staff },
    );
    expect(created.status).toBe(200);
    documentId = ((await created.json()) as { id: number }).id;
  });
  afterAll(async () => app?.close());
  afterEach(() => {
    delete process.env.TRUST_PROXY;
  });

  const calls = () =>
    [
      ["document/loadById", { id: documentId }],
      ["document/loadByCPF", { cpf: "123.456.789-09" }],
      ["document/updateById", { id: documentId, name: "Bia" }],
      [
        "document/create",
        { status_id: fx.statusIds["Novo"], product_id: fx.productId, cpf: "123.456.789-09", name: "Ana" },
      ],
      ["document/loadById (an error answer)", { id: 999_999 }],
      ["document/loadById (invalid body)", { id: "x" }],
    ] as const;

  it("answers to the bypassed calls carry no-store and a request id, and HSTS only over trusted https", async () => {
    for (const [name, body] of calls()) {
      const route = name.split(" ")[0]!;
      const plain = await app.post(route, body, { token: fx.tokens.staff });
      expect(plain.status, name).toBeLessThan(500);
      expect(plain.headers.get("cache-control"), name).toBe("no-store");
      expect(plain.headers.get("x-request-id"), name).toBeTruthy();
      expect(plain.headers.get("strict-transport-security"), name).toBeNull();
      // A client's own claim of https is not believed without a trusted proxy...
      const claimed = await app.post(route, body, {
        token: fx.tokens.staff,
        headers: { "x-forwarded-proto": "https" },
      });
      expect(claimed.headers.get("strict-transport-security"), name).toBeNull();
    }
    // ...a trusted proxy's is.
    process.env.TRUST_PROXY = "1";
    for (const [name, body] of calls()) {
      const route = name.split(" ")[0]!;
      const https = await app.post(route, body, { token: fx.tokens.staff, headers: { "x-forwarded-proto": "https" } });
      expect(https.headers.get("strict-transport-security"), name).toBe("max-age=31536000; includeSubDomains");
      expect(https.headers.get("cache-control"), name).toBe("no-store");
    }
  });

  it("a client sending the server's marker itself still gets the proxy's answers", async () => {
    const forged = { [PROXY_BYPASS_HEADER]: "1", authorization: `Bearer ${fx.tokens.staff}` };
    const wrongMethod = await raw(app, "GET", "/api/document/loadById", forged);
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.allow).toBe("OPTIONS, POST");
    expect(JSON.parse(wrongMethod.text)).toMatchObject({
      status: "error",
      error: expect.stringMatching(/^MethodNotAllowed: /),
    });
    for (const odd of ["/api/document/nope", "/api/document/loadById/x", "/api/document/load%ZZ"]) {
      const response = await raw(app, "POST", odd, { ...forged, "content-type": "application/json" }, "{}");
      expect(response.headers["content-type"], odd).toMatch(/^application\/json/);
      expect(response.status, odd).toBe(odd.includes("%ZZ") ? 400 : 404);
      expect(response.headers["cache-control"], odd).toBe("no-store");
    }
  });
});

type Raw = { status: number; headers: IncomingHttpHeaders; text: string };

function raw(app: TestApp, method: string, path: string, headers: Record<string, string>, body?: string) {
  const url = new URL(app.baseUrl);
  return new Promise<Raw>((resolve, reject) => {
    const request = httpRequest({ host: url.hostname, port: url.port, method, path, headers }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, text }));
    });
    request.on("error", reject);
    request.end(body);
  });
}
