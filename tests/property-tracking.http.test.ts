// Generated requests (fast-check) against the customer's tracking routes over real HTTP — lookup, view and
// upload, which take no credentials but a protocol + identifier or a signed token. For each answer: never a 5xx,
// always JSON, a 4xx in the error shape, and a refused request changes nothing in the database (the throttle
// counters excepted: refusals are meant to count there). PROPERTY_HTTP_RUNS / PROPERTY_SEED as for
// tests/property-api.http.test.ts.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Prisma } from "@/lib/db/client.ts";
import { trackingToken } from "@/lib/outbox/server/tracking-link.ts";
import { createInstanceFixture } from "./helpers/fixtures.ts";
import {
  checkAnswer,
  cpfLike,
  memberKeyedObject,
  nastyString,
  nastyValue,
  PROPERTY_HTTP_RUNS,
  PROPERTY_SEED,
  type Answer,
} from "./helpers/property-requests.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";
import { samplePdf } from "./helpers/sample-files.ts";

const RUNS = PROPERTY_HTTP_RUNS;
const SEED = PROPERTY_SEED;
const BATCH = 4;
const CHECKED_TABLES = ["Document", "Observation", "Attachment", "DocumentHistory", "AuditLog", "Outbox"];

let app: TestApp;
let tracked: { uuid: string; protocol: string; requestIds: number[] };

beforeAll(async () => {
  process.env.TRUST_PROXY = "1"; // each request from its own address (the per-address brake is tested elsewhere)
  app = await startTestApp();
  const fx = await createInstanceFixture(app.db, "default");
  const created = await app.post(
    "document/create",
    { status_id: fx.statusIds["Novo"], product_id: fx.productId, cpf: "123.456.789-09" },
    { token: fx.tokens.staff },
  );
  const document = (await created.json()) as { id: number; uuid: string; protocol: string };
  const requestIds: number[] = [];
  for (let i = 0; i < 3; i += 1) {
    const asked = await app.post(
      `documents/${document.id}/attachments/requests`,
      { file_name: `Doc ${i}` },
      { token: fx.tokens.staff },
    );
    requestIds.push(((await asked.json()) as { id: number }).id);
  }
  tracked = { uuid: document.uuid, protocol: document.protocol, requestIds };
});
afterAll(async () => {
  delete process.env.TRUST_PROXY;
  await app?.close();
});

async function databaseChecksum(): Promise<string> {
  const tables = (
    await app.db.$queryRaw<Array<{ name: string }>>(
      Prisma.sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema()`,
    )
  ).map((row) => row.name);
  const parts = CHECKED_TABLES.filter((table) => tables.includes(table)).map(
    (table) => `(SELECT count(*) || ':' || coalesce(sum(xmin::text::bigint), 0) FROM "${table}")`,
  );
  const rows = await app.db.$queryRaw<Array<{ sum: string }>>(
    Prisma.raw(`SELECT concat_ws('|', ${parts.join(", ")}) AS sum`),
  );
  return rows[0]!.sum;
}

let addressCounter = 0;
const nextAddress = () => `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter++ & 255}`;

async function answerOf(response: Response, request: string): Promise<Answer> {
  return {
    status: response.status,
    contentType: response.headers.get("content-type") ?? "",
    text: await response.text(),
    request,
  };
}

const postJson = (path: string) => (body: string) => async () =>
  answerOf(
    await fetch(`${app.baseUrl}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": nextAddress() },
      body,
    }),
    `POST ${path} ${body.slice(0, 300)}`,
  );

/** A JSON text: mostly objects with the route's fields (sensible or hostile values), sometimes anything at all. */
const jsonBody = (fields: Record<string, fc.Arbitrary<unknown>>) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.record(fields, { requiredKeys: [] }).map((body) => JSON.stringify(body)) },
    { weight: 1, arbitrary: memberKeyedObject.map((body) => JSON.stringify(body)) },
    { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
  );
const either = <T>(sensible: fc.Arbitrary<T>) => fc.oneof(sensible, nastyValue);

const tokenLike = () =>
  fc.oneof(
    { weight: 2, arbitrary: fc.constant(trackingToken(tracked.uuid)) },
    { weight: 1, arbitrary: fc.constant(trackingToken(tracked.uuid, new Date(0))) },
    { weight: 3, arbitrary: nastyString },
  );

const uploadBytes = fc.oneof(
  fc.uint8Array({ maxLength: 64 }),
  fc.uint8Array({ maxLength: 64 }).map((tail) => new Uint8Array([...new TextEncoder().encode("%PDF-1.4\n"), ...tail])),
  fc.constant(samplePdf()),
  fc.constant(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])),
);

type Route = { writes: boolean; requests: fc.Arbitrary<() => Promise<Answer>> };

const routes = (): Record<string, Route> => ({
  "tracking lookup": {
    writes: false,
    requests: jsonBody({
      protocol: either(fc.oneof(fc.constant(tracked.protocol), fc.string({ maxLength: 30 }))),
      identifier: either(fc.oneof(fc.constant("123.456.789-09"), cpfLike)),
    }).map(postJson("/api/tracking/lookup")),
  },
  "tracking view": {
    writes: false,
    requests: jsonBody({ token: either(tokenLike()) }).map(postJson("/api/tracking/view")),
  },
  "tracking upload": {
    writes: true,
    requests: fc
      .record({
        token: tokenLike(),
        request: fc.oneof(fc.constantFrom(...tracked.requestIds.map(String)), nastyString),
        bytes: uploadBytes,
        type: fc.constantFrom("application/pdf", "image/heic", "text/html", "", "application/x-msdownload"),
        name: nastyString,
      })
      .map(({ token, request, bytes, type, name }) => async () => {
        const form = new FormData();
        form.append("file", new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), name || "a");
        const path = `/api/tracking/upload?request_id=${encodeURIComponent(request.replace(/[\ud800-\udfff]/g, "?"))}`;
        const response = await fetch(`${app.baseUrl}${path}`, {
          method: "POST",
          headers: { "x-tracking-token": token.replace(/[^\x20-\x7e]/g, ""), "x-forwarded-for": nextAddress() },
          body: form,
        });
        return answerOf(response, `POST ${path} ${type} ${JSON.stringify(name).slice(0, 100)} ${bytes.length} bytes`);
      }),
  },
});

describe(`generated requests to the tracking routes (${RUNS} per route, seed ${SEED})`, () => {
  it.each(["tracking lookup", "tracking view", "tracking upload"])(
    "%s: no 5xx, the error shape, and no database change when refused",
    async (name) => {
      const route = routes()[name]!;
      const requests = fc.sample(route.requests, { numRuns: RUNS, seed: SEED });
      let checkedRefusals = 0;
      let before = await databaseChecksum();
      for (let start = 0; start < requests.length; start += BATCH) {
        const answers = await Promise.all(requests.slice(start, start + BATCH).map((run) => run()));
        for (const answer of answers) checkAnswer(answer, "document");
        const after = await databaseChecksum();
        if (!route.writes || answers.every((answer) => answer.status >= 400)) {
          const batch = answers.map((answer) => answer.request).join("\n");
          expect(after, `seed ${SEED}: the database changed after:\n${batch}`).toBe(before);
          checkedRefusals += answers.filter((answer) => answer.status >= 400).length;
        }
        before = after;
      }
      expect(checkedRefusals, name).toBeGreaterThan(RUNS / 5);
    },
    Math.max(60_000, RUNS * 300),
  );
});
