import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildOpenApi } from "@/lib/api-docs/openapi.ts";
import { ROUTES } from "@/lib/api-docs/registry.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";

const API_DIR = path.resolve(import.meta.dirname, "../app/api");
// next-auth's own endpoints (sign-in form posts, CSRF, session) are not part of our API contract.
const UNDOCUMENTED = new Set(["/auth/[...nextauth]"]);

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

/** [method, OpenAPI path] for every handler exported by a route file. */
function implementedRoutes(): Array<[string, string]> {
  return routeFiles(API_DIR).flatMap((file) => {
    const folder = path.relative(API_DIR, path.dirname(file)).split(path.sep).join("/");
    if (UNDOCUMENTED.has(`/${folder}`)) return [];
    const openApiPath = `/${folder}`.replace(/\[(\w+)\]/g, "{$1}");
    const source = readFileSync(file, "utf8");
    const methods = [
      ...source.matchAll(/export\s+(?:const|async\s+function|function)\s+(GET|POST|PUT|PATCH|DELETE)\b/g),
    ];
    return methods.map((match): [string, string] => [match[1]!, openApiPath]);
  });
}

describe("API reference", () => {
  it("documents every route that exists, and only those", () => {
    const implemented = implementedRoutes()
      .map(([method, p]) => `${method} ${p}`)
      .sort();
    const documented = ROUTES.map((route) => `${route.method} ${route.path}`).sort();
    expect(implemented.length).toBeGreaterThan(5);
    expect(documented).toEqual(implemented);
  });

  it("gives every JSON route a request schema generated from its zod contract", () => {
    const document = buildOpenApi();
    for (const route of ROUTES.filter((r) => r.body)) {
      const operation = (document.paths[route.path] as Record<string, any>)[route.method.toLowerCase()];
      const schema = operation.requestBody.content["application/json"].schema;
      expect(schema, `${route.method} ${route.path}`).toBeTypeOf("object");
    }
    const create = (document.paths["/document/create"] as Record<string, any>).post;
    expect(create.requestBody.content["application/json"].schema.required).toEqual(
      expect.arrayContaining(["status_id", "product_id", "cpf"]),
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
  });
});
