// Generated bodies (fast-check) against every public route over real HTTP. For each answer:
// never a 5xx, always JSON, 4xx in the route's error shape (the document shape, or the LGPD bodies byte for byte),
// and a refused request changes nothing in the database. PROPERTY_HTTP_RUNS sets the bodies per route (default 200);
// the PROPERTY_RUNS bodies per route (CI: 10000) go through each route's validation and error mapping in-process
// (tests/property-contracts.test.ts). PROPERTY_SEED replays a run (the seed is in every failure message).
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Prisma } from "@/lib/db/client.ts";
import { destinationProblem } from "@/lib/webhooks/destination.ts";
import { createInstanceFixture } from "./helpers/fixtures.ts";
import { createLgpdInstance } from "./helpers/lgpd.ts";
import {
  checkAnswer,
  describeRequest,
  PROPERTY_HTTP_RUNS,
  PROPERTY_ROUTE_NAMES,
  PROPERTY_SEED,
  propertyRoute,
  type Answer,
  type GeneratedRequest,
  type PropertyRoute,
  type PropertyTargets,
} from "./helpers/property-requests.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";

const RUNS = PROPERTY_HTTP_RUNS;
const SEED = PROPERTY_SEED;
/**
 * Requests in flight together, and per database comparison. Routes that write when they accept use small batches,
 * so that most batches are all refused (only those can be compared); read-only routes must never change anything.
 */
const READ_BATCH = 10;
const WRITE_BATCH = 4;

let app: TestApp;
let targets: PropertyTargets;

beforeAll(async () => {
  // Each generated request comes from its own address, as a trusted proxy reports it, so the per-address brakes
  // (tested in tests/abuse-brakes.http.test.ts) do not turn every later answer into a 429.
  process.env.TRUST_PROXY = "1";
  // Likewise the per-token limit (6,000 a minute): with many bodies per route it would answer 429 to nearly every
  // body of the later routes, which would then never reach validation. tests/shared-rate-limit.http.test.ts covers it.
  process.env.API_RATE_LIMIT_PER_MINUTE = "100000000";
  app = await startTestApp();
  const fx = await createInstanceFixture(app.db, "default");
  const lgpdRequests = await createLgpdInstance(app.db, "prop-request");
  const lgpdStatus = await createLgpdInstance(app.db, "prop-status");
  const created = await app.post(
    "document/create",
    { status_id: fx.statusIds["Novo"], product_id: fx.productId, cpf: "123.456.789-09", filled_columns: { a: 1 } },
    { token: fx.tokens.staff },
  );
  // A disabled endpoint for the webhook PATCH route (nothing is ever queued for it); .example never resolves.
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
  targets = {
    webhookId: endpoint.id,
    statusIds: Object.values(fx.statusIds),
    productId: fx.productId,
    documentId: ((await created.json()) as { id: number }).id,
    tokens: fx.tokens,
    lgpdRequests,
    lgpdStatus,
  };
});
afterAll(async () => {
  delete process.env.TRUST_PROXY;
  delete process.env.API_RATE_LIMIT_PER_MINUTE;
  await app?.close();
});

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

let addressCounter = 0;
const nextAddress = () => `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter++ & 255}`;

async function send(request: GeneratedRequest): Promise<Answer> {
  const response = await fetch(`${app.baseUrl}${request.path}`, {
    method: request.method,
    headers: { ...request.headers, "x-forwarded-for": nextAddress() },
    body: request.body,
  });
  return {
    status: response.status,
    contentType: response.headers.get("content-type") ?? "",
    text: await response.text(),
    request: describeRequest(request),
  };
}

/**
 * Runs RUNS generated requests a batch at a time. The database is compared around every batch of a read-only route
 * and around every all-refused batch of a writing one; returns how many refused requests were so covered.
 */
async function exercise(route: PropertyRoute) {
  const requests = fc.sample(route.requests, { numRuns: RUNS, seed: SEED });
  const batchSize = route.writes ? WRITE_BATCH : READ_BATCH;
  let checkedRefusals = 0;
  let before = await databaseChecksum();
  for (let start = 0; start < requests.length; start += batchSize) {
    const answers = await Promise.all(requests.slice(start, start + batchSize).map(send));
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

describe(`generated requests over HTTP (${RUNS} per route, seed ${SEED})`, () => {
  it.each(PROPERTY_ROUTE_NAMES)(
    "%s: no 5xx, the error shape, and no database change when refused",
    async (name) => {
      const route = propertyRoute(name, targets);
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
