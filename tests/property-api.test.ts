// Issue 8, build item 3: generated bodies (fast-check) against every public route over real HTTP. For each answer:
// never a 5xx, always JSON, 4xx in the route's error shape (the document shape, or the LGPD bodies byte for byte),
// and a refused request changes nothing in the database. PROPERTY_RUNS sets the bodies per route (CI: 10000);
// PROPERTY_SEED replays a run (the seed is in every failure message).
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LGPD_BODIES } from "@/lib/lgpd/bodies.ts";
import { Prisma } from "@/lib/db/client.ts";
import { destinationProblem } from "@/lib/webhooks/destination.ts";
import { WEBHOOK_EVENTS } from "@/lib/webhooks/event-names.ts";
import { createInstanceFixture, type InstanceFixture } from "./helpers/fixtures.ts";
import { cpfFromBase, createLgpdInstance, formatCpf, type LgpdInstance } from "./helpers/lgpd.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";

const RUNS = Math.max(1, Number(process.env.PROPERTY_RUNS) || 100);
const SEED = Number(process.env.PROPERTY_SEED) || Date.now() % 2 ** 31;
/**
 * Requests in flight together, and per database comparison. Routes that write when they accept use small batches,
 * so that most batches are all refused (only those can be compared); read-only routes must never change anything.
 */
const READ_BATCH = 10;
const WRITE_BATCH = 4;

let app: TestApp;
let fx: InstanceFixture;
let lgpdRequests: LgpdInstance;
let lgpdStatus: LgpdInstance;
let documentId: number;
let webhookId: number;

beforeAll(async () => {
  // Each generated request comes from its own address, as a trusted proxy reports it, so the per-address brakes
  // (tested in tests/abuse-brakes.test.ts) do not turn every later answer into a 429.
  process.env.TRUST_PROXY = "1";
  // Likewise the per-token limit (6,000 a minute): at CI's 10,000 bodies per route it would answer 429 to nearly every
  // body of the later routes, which would then never reach validation. tests/shared-rate-limit.test.ts covers it.
  process.env.API_RATE_LIMIT_PER_MINUTE = "100000000";
  app = await startTestApp();
  fx = await createInstanceFixture(app.db, "default");
  lgpdRequests = await createLgpdInstance(app.db, "prop-request");
  lgpdStatus = await createLgpdInstance(app.db, "prop-status");
  const created = await app.post(
    "document/create",
    { status_id: fx.statusIds["Novo"], product_id: fx.productId, cpf: "123.456.789-09", filled_columns: { a: 1 } },
    { token: fx.tokens.staff },
  );
  documentId = ((await created.json()) as { id: number }).id;
  // A disabled endpoint for the PATCH route (nothing is ever queued for it); .example never resolves (RFC 2606).
  const endpoint = await app.db.webhookEndpoint.create({
    data: {
      instanceId: fx.instanceId,
      url: "https://hooks.example/receive",
      events: ["document.created"],
      secretCipher: "unused: never delivered",
      secretHint: "none",
      disabledAt: new Date(),
    },
  });
  webhookId = endpoint.id;
});
afterAll(async () => {
  delete process.env.TRUST_PROXY;
  delete process.env.API_RATE_LIMIT_PER_MINUTE;
  await app?.close();
});

// ---------------------------------------------------------------------------------------------------------------
// Generators: values a hostile or broken client sends, and bodies built from them around each route's fields.

const nastyString = fc.oneof(
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
const memberKeyedObject = fc.dictionary(
  fc.oneof(fc.constantFrom("constructor", "toString", "valueOf", "hasOwnProperty", "__proto__"), nastyString),
  fc.jsonValue({ maxDepth: 2 }),
  { maxKeys: 5 },
);
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
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

const cpfLike = fc.oneof(
  fc.integer({ min: 0, max: 999_999_999 }).map((base) => cpfFromBase(base)),
  fc.integer({ min: 0, max: 999_999_999 }).map((base) => formatCpf(cpfFromBase(base))),
  fc.stringMatching(/^[0-9.\-/ ]{0,16}$/),
);
const id = () =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constant(documentId) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 2 ** 31 - 1 }) },
    { weight: 1, arbitrary: fc.integer().map(String) },
  );
const text = fc.string({ maxLength: 30 });
/** Every UTF-8 byte as %XX (encodeURIComponent throws on lone surrogates; a client library sends U+FFFD). */
const percentEncode = (value: string) =>
  [...Buffer.from(value, "utf8")].map((byte) => `%${byte.toString(16).padStart(2, "0")}`).join("");

/** Webhook URLs: inside addresses in many spellings, bad schemes and credentials, and public names under .example. */
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
        fc.ipV4().map((ip) => ip),
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
// Checks.

type Shape = "document" | "lgpd";
type Sent = { status: number; contentType: string; text: string; request: string };

const LGPD_ERROR_TEXTS = new Set(Object.values(LGPD_BODIES).map((body) => JSON.stringify(body)));

function checkAnswer(answer: Sent, shape: Shape) {
  const where = `seed ${SEED}: ${answer.request} → ${answer.status} ${answer.text.slice(0, 300)}`;
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

// Every table a route could write to, except the ones refused requests are meant to write (the throttle counters)
// and timestamps of use (tokens' and keys' last use).
const CHECKED_TABLES = [
  "Instance",
  "User",
  "LgpdRequest",
  "Status",
  "Product",
  "Modality",
  "Document",
  "ProtocolCounter",
  "Observation",
  "Attachment",
  "DocumentHistory",
  "AuditLog",
  "WebhookEndpoint",
  "OutboxMessage",
];

/**
 * Row count and the sum of row versions (`xmin` changes on every insert and update) per table: any write shows,
 * and it costs one scan without sorting or rendering rows, so it can run after every batch.
 */
async function databaseChecksum(): Promise<string> {
  const parts = CHECKED_TABLES.map(
    (table) => `(SELECT count(*) || ':' || coalesce(sum(xmin::text::bigint), 0) FROM "${table}")`,
  );
  const rows = await app.db.$queryRaw<Array<{ sum: string }>>(
    Prisma.raw(`SELECT concat_ws('|', ${parts.join(", ")}) AS sum`),
  );
  return rows[0]!.sum;
}

type Route = { name: string; shape: Shape; writes: boolean; requests: fc.Arbitrary<() => Promise<Sent>> };

let addressCounter = 0;
const nextAddress = () => `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter++ & 255}`;

async function send(path: string, init: { method: string; headers: Record<string, string>; body?: string }) {
  const response = await fetch(`${app.baseUrl}${path}`, {
    ...init,
    headers: { ...init.headers, "x-forwarded-for": nextAddress() },
  });
  const request = `${init.method} ${path} ${JSON.stringify(init.body ?? "").slice(0, 300)}`;
  return {
    status: response.status,
    contentType: response.headers.get("content-type") ?? "",
    text: await response.text(),
    request,
  };
}

const documentPost = (route: string, token: () => string) => (body: string) => () =>
  send(`/api/${route}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token()}` },
    body,
  });

/**
 * Runs RUNS generated requests a batch at a time. The database is compared around every batch of a read-only route
 * and around every all-refused batch of a writing one; returns how many refused requests were so covered.
 */
async function exercise(route: Route) {
  const requests = fc.sample(route.requests, { numRuns: RUNS, seed: SEED });
  const batchSize = route.writes ? WRITE_BATCH : READ_BATCH;
  let checkedRefusals = 0;
  let before = await databaseChecksum();
  for (let start = 0; start < requests.length; start += batchSize) {
    const answers = await Promise.all(requests.slice(start, start + batchSize).map((run) => run()));
    for (const answer of answers) checkAnswer(answer, route.shape);
    const after = await databaseChecksum();
    if (!route.writes || answers.every((answer) => answer.status >= 400)) {
      const sentBatch = answers.map((answer) => answer.request).join("\n");
      expect(after, `seed ${SEED}: the database changed after:\n${sentBatch}`).toBe(before);
      checkedRefusals += answers.filter((answer) => answer.status >= 400).length;
    }
    before = after;
  }
  return { sent: requests.length, checkedRefusals };
}

// ---------------------------------------------------------------------------------------------------------------

const documentFields = () => ({
  status_id: field(fc.constantFrom(...Object.values(fx.statusIds))),
  product_id: field(fc.constant(fx.productId)),
  cpf: field(cpfLike),
  modality_identifier: field(text),
  name: field(text),
  phone: field(text),
  email: field(text),
  sla_total: field(fc.integer({ min: 0, max: 500 })),
  source: field(text),
  filled_columns: field(memberKeyedObject),
});

const routes = (): Route[] => [
  {
    name: "document/create",
    shape: "document",
    writes: true,
    requests: wire(bodyOf(documentFields(), ["status_id", "product_id", "cpf"])).map(
      documentPost("document/create", () => fx.tokens.staff),
    ),
  },
  {
    name: "document/updateById",
    shape: "document",
    writes: true,
    requests: wire(bodyOf({ id: field(id()), ...documentFields(), user_id: field(fc.constant(null)) }, ["id"])).map(
      documentPost("document/updateById", () => fx.tokens.staff),
    ),
  },
  {
    name: "document/loadById",
    shape: "document",
    writes: false,
    requests: wire(bodyOf({ id: field(id()) })).map(documentPost("document/loadById", () => fx.tokens.viewer)),
  },
  {
    name: "document/loadByCPF",
    shape: "document",
    writes: false,
    requests: wire(
      bodyOf({ cpf: field(fc.oneof(cpfLike, fc.array(cpfLike, { maxLength: 3 }))), categories: field(text) }),
    ).map(documentPost("document/loadByCPF", () => fx.tokens.viewer)),
  },
  ...["product/loadAll", "status/loadAll", "modality/loadAll"].map((route): Route => ({
    name: route,
    shape: "document",
    writes: false,
    requests: wire(fc.oneof(fc.constant({}), memberKeyedObject)).map(documentPost(route, () => fx.tokens.viewer)),
  })),
  {
    name: "auth/token",
    shape: "document",
    writes: false,
    // Well-formed credentials cost a password hash each: mostly malformed bodies, a few that reach the check.
    requests: fc
      .oneof(
        { weight: 30, arbitrary: wire(bodyOf({ email: nastyValue, password: nastyValue })) },
        { weight: 1, arbitrary: wire(fc.record({ email: fc.emailAddress(), password: text })) },
      )
      .map(
        (body) => () =>
          send("/api/auth/token", { method: "POST", headers: { "content-type": "application/json" }, body }),
      ),
  },
  {
    name: "lgpd request",
    shape: "lgpd",
    writes: true,
    requests: fc
      .tuple(
        // Mostly refused (each valid CPF is a new pending request, so its batch cannot be compared).
        wire(bodyOf({ cpf: fc.oneof({ weight: 1, arbitrary: cpfLike }, { weight: 9, arbitrary: nastyValue }) })),
        fc.constantFrom("application/json", "text/plain", ""),
      )
      .map(
        ([body, contentType]) =>
          () =>
            send(`/api/lgpd/${lgpdRequests.slug}/request`, {
              method: "POST",
              headers: { "x-api-key": lgpdRequests.key, ...(contentType ? { "content-type": contentType } : {}) },
              body,
            }),
      ),
  },
  {
    name: "admin/webhooks",
    shape: "document",
    writes: true,
    requests: wire(bodyOf(webhookFields(), ["url", "events"])).map(
      documentPost("admin/webhooks", () => fx.tokens.admin),
    ),
  },
  {
    name: "admin/webhooks/{id}",
    shape: "document",
    writes: true,
    requests: fc
      .tuple(
        wire(bodyOf({ ...webhookFields(), enabled: field(fc.constant(false)) })),
        fc.oneof(
          { weight: 4, arbitrary: fc.constant(String(webhookId)) },
          {
            weight: 1,
            arbitrary: nastyString.filter((value) => value.length > 0 && value.length < 300).map(percentEncode),
          },
        ),
      )
      .map(
        ([body, target]) =>
          () =>
            send(`/api/admin/webhooks/${target}`, {
              method: "PATCH",
              headers: { "content-type": "application/json", authorization: `Bearer ${fx.tokens.admin}` },
              body,
            }),
      ),
  },
  {
    name: "lgpd status",
    shape: "lgpd",
    writes: false,
    requests: fc
      .oneof(
        cpfLike.map(percentEncode),
        nastyString.filter((value) => value.length > 0 && value.length < 300).map(percentEncode),
        fc.stringMatching(/^[%0-9A-Fa-fZz.\-]{1,12}$/),
      )
      .map(
        (cpf) => () =>
          send(`/api/lgpd/${lgpdStatus.slug}/status/${cpf}`, {
            method: "GET",
            headers: { "x-api-key": lgpdStatus.key },
          }),
      ),
  },
];

describe(`generated requests (${RUNS} per route, seed ${SEED})`, () => {
  it.each([
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
  ])(
    "%s: no 5xx, the error shape, and no database change when refused",
    async (name) => {
      const route = routes().find((candidate) => candidate.name === name)!;
      const started = performance.now();
      const { sent, checkedRefusals } = await exercise(route);
      expect(sent).toBe(RUNS);
      // Most generated bodies are refused; the database comparison must have covered a good share of them.
      if (!name.endsWith("loadAll")) expect(checkedRefusals, name).toBeGreaterThan(RUNS / 5);
      if (name.startsWith("admin/webhooks")) {
        // Whatever was accepted, no stored endpoint points inside, over http, or carries credentials.
        const stored = await app.db.webhookEndpoint.findMany({ select: { url: true } });
        expect(stored.filter(({ url }) => destinationProblem(url) !== null)).toEqual([]);
      }
      console.log(
        `${name}: ${sent} requests, ${checkedRefusals} refusals checked against the database, ${Math.round(performance.now() - started)} ms`,
      );
    },
    Math.max(60_000, RUNS * 60),
  );
});
