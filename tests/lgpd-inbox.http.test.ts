// The officer's inbox over real HTTP (built app) on PGlite, or PostgreSQL with TEST_DATABASE_URL: access and deletion
// requests in one list, the deletions awaiting review first, then the newest by the day received or requested; each
// with its answer deadline and how it came in; filters by kind and status; this instance's only; admins only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createInstanceFixture, type InstanceFixture } from "./helpers/fixtures.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";

let app: TestApp;
let fx: InstanceFixture;
let foreign: InstanceFixture;
const DAY = 86_400_000;
const at = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY);
const ids: Record<string, number> = {};

beforeAll(async () => {
  app = await startTestApp();
  fx = await createInstanceFixture(app.db, "default");
  foreign = await createInstanceFixture(app.db, "outra");
  await app.db.instance.update({ where: { id: fx.instanceId }, data: { lgpdDeadlineDays: 15 } });
  const base = (instanceId: number, n: number) => ({
    instanceId,
    cpfHash: `hash-${instanceId}-${n}`,
    cpfMasked: `***.000.00${n}-**`,
  });
  // An access request through the API yesterday, a deletion by staff received by letter 10 days ago, an older
  // deletion awaiting review (first anyway), and a done one; the other instance's newer request is never listed.
  ids.accessApi = (
    await app.db.lgpdAccessRequest.create({ data: { ...base(fx.instanceId, 1), requestedAt: at(1) } })
  ).id;
  ids.deletionLetter = (
    await app.db.lgpdRequest.create({
      data: {
        ...base(fx.instanceId, 2),
        source: "admin",
        channel: "letter",
        receivedAt: at(10),
        requestedAt: at(2),
      },
    })
  ).id;
  ids.awaiting = (
    await app.db.lgpdRequest.create({ data: { ...base(fx.instanceId, 3), review: "awaiting", requestedAt: at(20) } })
  ).id;
  ids.done = (
    await app.db.lgpdRequest.create({
      data: { ...base(fx.instanceId, 4), status: "done", requestedAt: at(5), processedAt: at(4) },
    })
  ).id;
  await app.db.lgpdRequest.create({ data: { ...base(foreign.instanceId, 5), requestedAt: at(0) } });
});
afterAll(async () => app?.close());

const inbox = (body: unknown, token = fx.tokens.admin) => app.post("admin/lgpd-inbox", body, { token });

describe("the officer's inbox", () => {
  it("is for admins only and refuses an unknown filter", async () => {
    for (const token of [fx.tokens.viewer, fx.tokens.staff]) expect((await inbox({}, token)).status).toBe(403);
    expect((await inbox({ kind: "rectification" })).status).toBe(400);
  });

  it("lists both kinds, the review queue first, then the newest received; this instance's only", async () => {
    const response = await inbox({});
    expect(response.status).toBe(200);
    const page = (await response.json()) as {
      items: Record<string, unknown>[];
      total: number;
      awaiting_review: number;
    };
    expect(page.items.map((item) => [item.kind, item.id])).toEqual([
      ["deletion", ids.awaiting],
      ["access", ids.accessApi],
      ["deletion", ids.done],
      ["deletion", ids.deletionLetter],
    ]);
    expect(page.total).toBe(4);
    expect(page.awaiting_review).toBe(1);
    expect(page.items[1]).toMatchObject({
      kind: "access",
      source: "api",
      channel: null,
      review: null,
      status: "pending",
    });
    const api = page.items[1]!;
    expect(Date.parse(api.due_at as string) - Date.parse(api.requested_at as string)).toBe(15 * DAY);
    // A request received by letter counts its deadline from the day it arrived, not from its entry.
    const letter = page.items[3]!;
    expect(letter).toMatchObject({ source: "admin", channel: "letter", review: null });
    expect(Date.parse(letter.due_at as string) - Date.parse(letter.received_at as string)).toBe(15 * DAY);
    expect(JSON.stringify(page)).not.toContain(`hash-`);
  });

  it("filters by kind and by status as staff see it, paged", async () => {
    const access = (await (await inbox({ kind: "access" })).json()) as { items: { id: number }[]; total: number };
    expect(access.items.map((item) => item.id)).toEqual([ids.accessApi]);
    const done = (await (await inbox({ status: "done" })).json()) as { items: { id: number }[]; total: number };
    expect(done.items.map((item) => item.id)).toEqual([ids.done]);
    const second = (await (await inbox({ page: 2, page_size: 3 })).json()) as {
      items: { id: number }[];
      total: number;
    };
    expect(second.total).toBe(4);
    expect(second.items.map((item) => item.id)).toEqual([ids.deletionLetter]);
  });
});
