// The OpenAPI 3.1 document, generated from every endpoint's contract (app/api/**/contract.ts, listed in
// ./contracts.generated.ts): paths, roles, request and response schemas, error statuses.
import { z } from "zod";
import type { ApiContract } from "../http/contract.ts";
import { JSON_LIMITS } from "../http/json-limits.ts";
import { CONTRACTS } from "./contracts.generated.ts";

type JsonSchema = Record<string, unknown>;

const STATUS_TEXT: Record<number, string> = {
  400: "Invalid body or field",
  401: "Missing or invalid credentials",
  403: "The caller's role does not allow this",
  404: "Unknown document",
  405: "Method not allowed (see Allow)",
  408: "The body did not arrive in time",
  409: "Refused status transition or conflicting change",
  413: "Body too large",
  415: "Body is not JSON",
  429: "Rate limited (see Retry-After)",
  500: "Unexpected error (request_id names it in the server log)",
  503: "Database busy or unreachable: nothing was done, retry after Retry-After seconds",
};

function operationId(route: ApiContract): string {
  const words = `${route.method.toLowerCase()} ${route.path}`.split(/[^a-zA-Z0-9]+/).filter(Boolean);
  return words.map((word, index) => (index === 0 ? word : word[0]!.toUpperCase() + word.slice(1))).join("");
}

/** zod → JSON Schema 2020-12, with local $defs moved to components so refs resolve inside the OpenAPI document. */
function toSchema(
  schema: z.ZodType,
  name: string,
  components: Record<string, JsonSchema>,
  io: "input" | "output",
): JsonSchema {
  const json = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  delete json.$schema;
  const defs = (json.$defs ?? {}) as Record<string, JsonSchema>;
  delete json.$defs;
  const renamed = new Map(Object.keys(defs).map((key) => [key, `${name}_${key.replace(/^_+/, "")}`]));
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (value && typeof value === "object") {
      return Object.fromEntries(
        Object.entries(value).map(([key, inner]) => {
          if (key === "$ref" && typeof inner === "string" && inner.startsWith("#/$defs/")) {
            return [key, `#/components/schemas/${renamed.get(inner.slice(8)) ?? inner.slice(8)}`];
          }
          return [key, rewrite(inner)];
        }),
      );
    }
    return value;
  };
  for (const [key, def] of Object.entries(defs)) components[renamed.get(key)!] = rewrite(def) as JsonSchema;
  return rewrite(json) as JsonSchema;
}

let defaultDocument: ReturnType<typeof buildOpenApi> | undefined;

/** The document of every contract under /api, built once per process (~40 ms a build; the contracts are constants). */
export function defaultOpenApi() {
  defaultDocument ??= buildOpenApi();
  return defaultDocument;
}

/** The OpenAPI 3.1 document of every contract. */
export function buildOpenApi(serverUrl = "/api", contracts: readonly ApiContract[] = CONTRACTS) {
  const components: Record<string, JsonSchema> = {
    Error: {
      type: "object",
      required: ["status", "message", "error"],
      properties: {
        status: { const: "error" },
        message: { type: "string" },
        error: { type: "string", description: "<Kind>: <message>, as the original service answered" },
        code: { type: "string", description: "stable snake_case code for translated messages (e.g. not_found)" },
        params: { type: "object", description: "values the translated message names (e.g. {from, to})" },
        errors: {
          type: "array",
          items: {
            type: "object",
            properties: {
              path: { type: "string" },
              message: { type: "string" },
              code: { type: "string" },
              params: { type: "object" },
            },
          },
        },
        request_id: { type: "string" },
      },
    },
  };
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of contracts) {
    const id = operationId(route);
    const parameters = [
      ...[...route.path.matchAll(/\{(\w+)\}/g)].map((match) => ({
        name: match[1],
        in: "path",
        required: true,
        schema: { type: "string" },
      })),
      ...(route.headers ?? []).map((header) => ({
        name: header.name,
        in: "header",
        required: false,
        description: header.description,
        schema: { type: "string", maxLength: 255 },
      })),
    ];
    const requestBody = route.request
      ? {
          required: true,
          content: { "application/json": { schema: toSchema(route.request, id, components, "input") } },
        }
      : route.requestContentType
        ? { required: true, content: { [route.requestContentType]: { schema: {} } } }
        : undefined;
    const security =
      route.auth === "bearer"
        ? [{ bearerToken: [] }, { session: [] }]
        : route.auth === "lgpdKey"
          ? [{ lgpdKey: [] }]
          : [];
    const answerContent = route.response
      ? {
          "application/json": {
            schema: toSchema(route.response, `${id}Answer`, components, "output"),
            ...(route.example !== undefined ? { example: route.example } : {}),
          },
        }
      : route.responseContentType
        ? { [route.responseContentType]: { schema: {} } }
        : undefined;
    const responses: Record<string, unknown> = {
      [route.responseStatus ?? 200]: {
        description: route.answer,
        ...(answerContent ? { content: answerContent } : {}),
      },
    };
    for (const status of route.errors ?? []) {
      responses[status] = {
        description: STATUS_TEXT[status] ?? "Error",
        content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
      };
    }
    paths[route.path] ??= {};
    paths[route.path]![route.method.toLowerCase()] = {
      operationId: id,
      tags: [route.tag],
      summary: route.summary,
      ...(route.description || route.role
        ? {
            description: [route.description, route.role ? `Least role: ${route.role}.` : ""].filter(Boolean).join(" "),
          }
        : {}),
      ...(parameters.length ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      security,
      responses,
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "DocFlow — document workflow and LGPD deletion API",
      version: "1.0.0",
      description:
        "Document operations are POST with a JSON body and Authorization: Bearer <token> (an API token from the " +
        "APIs menu, or one from POST /api/auth/token). The staff UI calls the same routes with its session. " +
        "LGPD routes use the instance's LGPD key in x-api-key. Limits of every JSON body (400 beyond them): nesting " +
        `${JSON_LIMITS.depth} levels, ${JSON_LIMITS.stringLength} characters per string, ${JSON_LIMITS.keys} keys ` +
        "per object, no NUL (U+0000) and no lone UTF-16 surrogate in any string or key, no key named __proto__; " +
        "1 MiB per body (413). A body must arrive within 30 s (408). Unknown /api paths answer 404 and unsupported " +
        "methods 405 with Allow, in the same JSON shape. Every answer is Cache-Control: no-store.",
    },
    servers: [{ url: serverUrl }],
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        bearerToken: { type: "http", scheme: "bearer" },
        session: { type: "apiKey", in: "cookie", name: "next-auth.session-token" },
        lgpdKey: { type: "apiKey", in: "header", name: "x-api-key" },
      },
    },
  };
}
