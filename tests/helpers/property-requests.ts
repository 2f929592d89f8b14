// The generated requests of the property tests (fast-check), shared by the in-process run against each route's
// validation and error mapping (tests/property-contracts.test.ts, PROPERTY_RUNS bodies per route) and the run over
// HTTP that also checks a refusal changes nothing (tests/property-api.http.test.ts, PROPERTY_HTTP_RUNS per route).
import fc from "fast-check";
import { expect } from "vitest";
import { LGPD_BODIES } from "@/lib/lgpd/bodies.ts";
import { WEBHOOK_EVENTS } from "@/lib/webhooks/event-names.ts";
import { cpfFromBase, formatCpf } from "./lgpd.ts";

/** Bodies per route in-process (CI: 10000); PROPERTY_SEED replays a run (the seed is in every failure message). */
export const PROPERTY_RUNS = Math.max(1, Number(process.env.PROPERTY_RUNS) || 1000);
/** Bodies per route over HTTP, each batch compared against the database. */
export const PROPERTY_HTTP_RUNS = Math.max(1, Number(process.env.PROPERTY_HTTP_RUNS) || 200);
export const PROPERTY_SEED = Number(process.env.PROPERTY_SEED) || Date.now() % 2 ** 31;

// ---------------------------------------------------------------------------------------------------------------
// Generators: values a hostile or broken client sends, and bodies built from them around each route's fields.

export const nastyString = fc.oneof(
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom("", " ", "\u0000", "a\u0000b", "\ud800", "\udfff", "x\ud83d", "%00", "%E0%A4%A", "../..", "null"),
  fc.constantFrom("constructor", "__proto__", "toString", "valueOf", "hasOwnProperty", "prototype"),
  fc.string({ maxLength: 20 }).map((text) => text.repeat(200)),
);
const nastyNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 2 ** 31, 2 ** 53, 1e308, -0, 0.5),
  fc.bigInt({ min: 10n ** 20n, max: 10n ** 30n }).map(String),
);
export const memberKeyedObject = fc.dictionary(
  fc.oneof(fc.constantFrom("constructor", "toString", "valueOf", "hasOwnProperty", "__proto__"), nastyString),
  fc.jsonValue({ maxDepth: 2 }),
  { maxKeys: 5 },
);
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  nastyNumber,
  fc.constantFrom(null, true, false, [], {}),
  fc.jsonValue({ maxDepth: 3 }),
  memberKeyedObject,
  fc.integer({ min: 30, max: 3000 }).map((depth) => JSON.parse(`${"[".repeat(depth)}${"]".repeat(depth)}`)),
);

/** A field that is usually sensible (so deeper code runs, and some bodies are accepted) and sometimes not. */
const field = <T>(sensible: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 5, arbitrary: sensible }, { weight: 1, arbitrary: nastyValue });

/** An object of the given fields (the `required` ones always present, others maybe), plus possibly extra keys. */
function bodyOf(fields: Record<string, fc.Arbitrary<unknown>>, required: string[] = []): fc.Arbitrary<unknown> {
  return fc
    .tuple(fc.record(fields, { requiredKeys: required }), memberKeyedObject, fc.boolean())
    .map(([known, extra, withExtra]) => (withExtra ? { ...extra, ...known } : known));
}

/** The body as sent: JSON of a generated value, or (sometimes) text that is not JSON at all. */
const wire = (body: fc.Arbitrary<unknown>) =>
  fc.oneof(
    { weight: 12, arbitrary: body.map((value) => JSON.stringify(value) ?? "null") },
    { weight: 1, arbitrary: nastyValue.map((value) => JSON.stringify(value) ?? "null") },
    { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 60 }) },
    { weight: 1, arbitrary: fc.constantFrom("", "{", '{"a":1,}', "[1,2", '{"a":"\\ud800"}', '{"a":"\\u0000"}') },
  );

export const cpfLike = fc.oneof(
  fc.integer({ min: 0, max: 999_999_999 }).map((base) => cpfFromBase(base)),
  fc.integer({ min: 0, max: 999_999_999 }).map((base) => formatCpf(cpfFromBase(base))),
  fc.stringMatching(/^[0-9.\-/ ]{0,16}$/),
);
const id = (documentId: number) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constant(documentId) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 2 ** 31 - 1 }) },
    { weight: 1, arbitrary: fc.integer().map(String) },
  );
const text = fc.string({ maxLength: 30 });
/** Every UTF-8 byte as %XX (encodeURIComponent throws on lone surrogates; a client library sends U+FFFD). */
const percentEncode = (value: string) =>
  [...Buffer.from(value, "utf8")].map((byte) => `%${byte.toString(16).padStart(2, "0")}`).join("");

/** Webhook URLs: inside addresses in many spellings, bad schemes and credentials, random hosts, names under .example
 * (RFC 2606: never resolves). No request is ever sent to them: no outbox worker runs in these tests. */
const webhookUrl = fc.oneof(
  fc.constantFrom(
    "http://169.254.169.254/latest/meta-data/",
    "https://2130706433/",
    "https://0x7f.1/",
    "https://0177.0.0.1/",
    "https://[::ffff:127.0.0.1]/",
    "https://[::1]/",
    "https://0.0.0.0/",
    "https://localhost/",
    "https://10.0.0.1/",
    "https://[fd00:ec2::254]/",
    "https://user:pass@hooks.example/",
    "ftp://hooks.example/",
    "javascript:alert(1)",
  ),
  fc
    .tuple(
      fc.constantFrom("https", "http", "HTTPS"),
      fc.oneof(
        fc.ipV4(),
        fc.ipV6().map((ip) => `[${ip}]`),
        fc.domain().map((name) => `${name}.example`),
        fc.integer({ min: 0, max: 2 ** 32 - 1 }).map(String),
      ),
      fc.webPath(),
    )
    .map(([scheme, host, path]) => `${scheme}://${host}${path}`),
);
const webhookFields = () => ({
  url: field(webhookUrl),
  events: field(fc.subarray([...WEBHOOK_EVENTS], { minLength: 0 })),
  payload: field(fc.constantFrom("minimal", "full", "everything")),
});

// ---------------------------------------------------------------------------------------------------------------
// Routes.

/** What a request needs: the ids, tokens and LGPD instances it names (real ones over HTTP, any in-process). */
export type PropertyTargets = {
  statusIds: number[];
  productId: number;
  documentId: number;
  tokens: { staff: string; viewer: string; admin: string };
  /** A disabled webhook endpoint (nothing is queued for it) for the PATCH route. */
  webhookId: number;
  lgpdRequests: { slug: string; key: string };
  lgpdStatus: { slug: string; key: string };
};

export type Shape = "document" | "lgpd";
export type GeneratedRequest = {
  method: "GET" | "POST" | "PATCH";
  path: string;
  headers: Record<string, string>;
  body?: string;
};
export type PropertyRoute = {
  name: string;
  shape: Shape;
  writes: boolean;
  requests: fc.Arbitrary<GeneratedRequest>;
};

export const PROPERTY_ROUTE_NAMES = [
  "document/create",
  "document/updateById",
  "document/loadById",
  "document/loadByCPF",
  "product/loadAll",
  "status/loadAll",
  "modality/loadAll",
  "auth/token",
  "lgpd request",
  "lgpd status",
  "admin/webhooks",
  "admin/webhooks/{id}",
] as const;
export type PropertyRouteName = (typeof PROPERTY_ROUTE_NAMES)[number];

const documentPost = (route: string, token: string) => (body: string) =>
  ({
    method: "POST",
    path: `/api/${route}`,
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body,
  }) satisfies GeneratedRequest;

export function propertyRoute(name: PropertyRouteName, targets: PropertyTargets): PropertyRoute {
  const documentFields = () => ({
    status_id: field(fc.constantFrom(...targets.statusIds)),
    product_id: field(fc.constant(targets.productId)),
    cpf: field(cpfLike),
    modality_identifier: field(text),
    name: field(text),
    phone: field(text),
    email: field(text),
    sla_total: field(fc.integer({ min: 0, max: 500 })),
    source: field(text),
    filled_columns: field(memberKeyedObject),
  });
  const { staff, viewer } = targets.tokens;
  switch (name) {
    case "document/create":
      return {
        name,
        shape: "document",
        writes: true,
        requests: wire(bodyOf(documentFields(), ["status_id", "product_id", "cpf"])).map(
          documentPost("document/create", staff),
        ),
      };
    case "document/updateById":
      return {
        name,
        shape: "document",
        writes: true,
        requests: wire(
          bodyOf({ id: field(id(targets.documentId)), ...documentFields(), user_id: field(fc.constant(null)) }, ["id"]),
        ).map(documentPost("document/updateById", staff)),
      };
    case "document/loadById":
      return {
        name,
        shape: "document",
        writes: false,
        requests: wire(bodyOf({ id: field(id(targets.documentId)) })).map(documentPost("document/loadById", viewer)),
      };
    case "document/loadByCPF":
      return {
        name,
        shape: "document",
        writes: false,
        requests: wire(
          bodyOf({ cpf: field(fc.oneof(cpfLike, fc.array(cpfLike, { maxLength: 3 }))), categories: field(text) }),
        ).map(documentPost("document/loadByCPF", viewer)),
      };
    case "product/loadAll":
    case "status/loadAll":
    case "modality/loadAll":
      return {
        name,
        shape: "document",
        writes: false,
        requests: wire(fc.oneof(fc.constant({}), memberKeyedObject)).map(documentPost(name, viewer)),
      };
    case "auth/token":
      return {
        name,
        shape: "document",
        writes: false,
        // Well-formed credentials cost a password hash each: mostly malformed bodies, a few that reach the check.
        requests: fc
          .oneof(
            { weight: 30, arbitrary: wire(bodyOf({ email: nastyValue, password: nastyValue })) },
            { weight: 1, arbitrary: wire(fc.record({ email: fc.emailAddress(), password: text })) },
          )
          .map((body) => ({
            method: "POST" as const,
            path: "/api/auth/token",
            headers: { "content-type": "application/json" },
            body,
          })),
      };
    case "lgpd request":
      return {
        name,
        shape: "lgpd",
        writes: true,
        requests: fc
          .tuple(
            // Mostly refused (each valid CPF is a new pending request, so its batch cannot be compared).
            wire(bodyOf({ cpf: fc.oneof({ weight: 1, arbitrary: cpfLike }, { weight: 9, arbitrary: nastyValue }) })),
            fc.constantFrom("application/json", "text/plain", ""),
          )
          .map(([body, contentType]) => ({
            method: "POST" as const,
            path: `/api/lgpd/${targets.lgpdRequests.slug}/request`,
            headers: {
              "x-api-key": targets.lgpdRequests.key,
              ...(contentType ? { "content-type": contentType } : {}),
            },
            body,
          })),
      };
    case "admin/webhooks":
      return {
        name,
        shape: "document",
        writes: true,
        requests: wire(bodyOf(webhookFields(), ["url", "events"])).map(documentPost(name, targets.tokens.admin)),
      };
    case "admin/webhooks/{id}":
      return {
        name,
        shape: "document",
        writes: true,
        requests: fc
          .tuple(
            wire(bodyOf({ ...webhookFields(), enabled: field(fc.constant(false)) })),
            fc.oneof(
              { weight: 4, arbitrary: fc.constant(String(targets.webhookId)) },
              {
                weight: 1,
                arbitrary: nastyString.filter((value) => value.length > 0 && value.length < 300).map(percentEncode),
              },
            ),
          )
          .map(([body, target]) => ({
            method: "PATCH" as const,
            path: `/api/admin/webhooks/${target}`,
            headers: { "content-type": "application/json", authorization: `Bearer ${targets.tokens.admin}` },
            body,
          })),
      };
    case "lgpd status":
      return {
        name,
        shape: "lgpd",
        writes: false,
        requests: fc
          .oneof(
            cpfLike.map(percentEncode),
            nastyString.filter((value) => value.length > 0 && value.length < 300).map(percentEncode),
            fc.stringMatching(/^[%0-9A-Fa-fZz.\-]{1,12}$/),
          )
          .map((cpf) => ({
            method: "GET" as const,
            path: `/api/lgpd/${targets.lgpdStatus.slug}/status/${cpf}`,
            headers: { "x-api-key": targets.lgpdStatus.key },
          })),
      };
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Checks.

export type Answer = { status: number; contentType: string; text: string; request: string };

export function describeRequest(request: GeneratedRequest): string {
  return `${request.method} ${request.path} ${JSON.stringify(request.body ?? "").slice(0, 300)}`;
}

const LGPD_ERROR_TEXTS = new Set(Object.values(LGPD_BODIES).map((body) => JSON.stringify(body)));

/** Never a 5xx, always JSON, a 4xx in the route's error shape (the document shape, or the LGPD bodies byte for byte). */
export function checkAnswer(answer: Answer, shape: Shape) {
  const where = `seed ${PROPERTY_SEED}: ${answer.request} → ${answer.status} ${answer.text.slice(0, 300)}`;
  expect(answer.status, where).toBeLessThan(500);
  expect(answer.contentType, where).toMatch(/^application\/json/);
  const body = JSON.parse(answer.text) as Record<string, unknown>;
  if (answer.status < 400) return;
  if (shape === "lgpd") {
    expect(LGPD_ERROR_TEXTS.has(answer.text), where).toBe(true);
    return;
  }
  expect(body.status, where).toBe("error");
  expect(typeof body.message, where).toBe("string");
  expect(String(body.error), where).toMatch(/^[A-Za-z]+: /);
  if (body.errors !== undefined) {
    expect(Array.isArray(body.errors), where).toBe(true);
    for (const entry of body.errors as Array<Record<string, unknown>>) {
      expect(typeof entry.path, where).toBe("string");
      expect(typeof entry.message, where).toBe("string");
    }
  }
}
