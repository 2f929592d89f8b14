import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contractIndexSource } from "@/lib/api-docs/server/contract-index.mjs";
import { CONTRACTS } from "@/lib/api-docs/contracts.generated.ts";
import { buildOpenApi } from "@/lib/api-docs/openapi.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";

const APP_DIR = path.resolve(import.meta.dirname, "../app");
const API_DIR = path.join(APP_DIR, "api");
// next-auth's own endpoints (sign-in form posts, CSRF, session) are not part of our API contract.
const UNDOCUMENTED = new Set(["/auth/[...nextauth]"]);
const EXPORTED_METHOD = /export\s+(?:const|async\s+function|function)\s+(GET|POST|PUT|PATCH|DELETE)\b/g;

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

/** The OpenAPI path of a route folder: app/api/documents/[id] → /documents/{id}. */
function openApiPath(file: string): string {
  const folder = path.relative(API_DIR, path.dirname(file)).split(path.sep).join("/");
  return `/${folder}`.replace(/\[(\w+)\]/g, "{$1}");
}

/** [file, method, OpenAPI path] for every handler exported by a route file. */
function implementedRoutes(): Array<{ file: string; method: string; path: string }> {
  return routeFiles(API_DIR).flatMap((file) => {
    if (UNDOCUMENTED.has(openApiPath(file).replace(/\{(\.\.\.\w+)\}/, "[$1]"))) return [];
    const source = readFileSync(file, "utf8");
    return [...source.matchAll(EXPORTED_METHOD)].map((match) => ({ file, method: match[1]!, path: openApiPath(file) }));
  });
}

const key = (route: { method: string; path: string }) => `${route.method} ${route.path}`;

describe("contracts and routes", () => {
  it("has one contract per exported handler, and no contract without one", () => {
    const implemented = implementedRoutes().map(key).sort();
    const contracted = CONTRACTS.map(key).sort();
    expect(implemented.length).toBeGreaterThan(50);
    expect(contracted).toEqual(implemented);
  });

  it("keeps each contract in its route's folder, under the route's own method name", () => {
    for (const file of routeFiles(API_DIR)) {
      const contractFile = path.join(path.dirname(file), "contract.ts");
      if (UNDOCUMENTED.has("/auth/[...nextauth]") && file.includes("[...nextauth]")) continue;
      const source = readFileSync(contractFile, "utf8");
      for (const match of source.matchAll(
        /export const (\w+) = defineContract\(\{\s*method: "(\w+)",\s*path: "([^"]+)"/g,
      )) {
        expect(match[2], contractFile).toBe(match[1]);
        expect(match[3], contractFile).toBe(openApiPath(file));
      }
    }
  });

  it("serves every apiRoute handler with the contract of its own method", () => {
    let wrapped = 0;
    for (const file of routeFiles(API_DIR)) {
      const source = readFileSync(file, "utf8");
      for (const match of source.matchAll(/export const (GET|POST|PUT|PATCH|DELETE) = apiRoute\(([^,]+),/g)) {
        expect(match[2], `${file} ${match[1]}`).toBe(`contract.${match[1]}`);
        wrapped++;
      }
      expect(source, file).not.toMatch(/apiRoute\(\{/);
    }
    expect(wrapped).toBeGreaterThan(50);
  });

  it("lists every contract in lib/api-docs/contracts.generated.ts (npm run contracts rewrites it)", () => {
    const committed = readFileSync(path.resolve(import.meta.dirname, "../lib/api-docs/contracts.generated.ts"), "utf8");
    expect(committed).toBe(contractIndexSource(APP_DIR));
  });

  it("gives bearer routes a role and every JSON answer a response schema", () => {
    for (const contract of CONTRACTS) {
      if (contract.auth === "bearer") expect(contract.role, key(contract)).toBeDefined();
      else expect(contract.role, key(contract)).toBeUndefined();
      expect(Boolean(contract.response) !== Boolean(contract.responseContentType), key(contract)).toBe(true);
    }
  });
});

describe("API reference", () => {
  it("gives every JSON route request and answer schemas generated from its contract", () => {
    const document = buildOpenApi();
    for (const contract of CONTRACTS) {
      const operation = (document.paths[contract.path] as Record<string, any>)[contract.method.toLowerCase()];
      expect(operation, key(contract)).toBeDefined();
      if (contract.request) {
        expect(operation.requestBody.content["application/json"].schema, key(contract)).toBeTypeOf("object");
      }
      const success = operation.responses[contract.responseStatus ?? 200];
      if (contract.response) {
        expect(success.content["application/json"].schema, key(contract)).toBeTypeOf("object");
      } else {
        expect(Object.keys(success.content), key(contract)).toEqual([contract.responseContentType]);
      }
      for (const status of contract.errors ?? [])
        expect(operation.responses, key(contract)).toHaveProperty(String(status));
    }
    const create = (document.paths["/document/create"] as Record<string, any>).post;
    expect(create.requestBody.content["application/json"].schema.required).toEqual(
      expect.arrayContaining(["status_id", "product_id", "cpf"]),
    );
    expect(create.responses[200].content["application/json"].schema.required).toEqual(
      expect.arrayContaining(["id", "uuid", "protocol", "created_at"]),
    );
    // Every local reference resolves inside the document.
    const refs = [...JSON.stringify(document).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);
    for (const ref of refs) expect(document.components.schemas, ref).toHaveProperty(ref);
  });
});

describe("GET /api/openapi.json", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => app?.close());

  it("serves the OpenAPI 3.1 document", async () => {
    const response = await app.get("openapi.json");
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.openapi).toBe("3.1.0");
    expect(Object.keys(body.paths)).toContain("/document/loadByCPF");
    expect(body.paths["/document/loadByCPF"].post.responses[200].content["application/json"].schema.type).toBe("array");
  });
});
