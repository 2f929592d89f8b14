// The officer's inbox over real HTTP (built app) on PGlite, or PostgreSQL with TEST_DATABASE_URL: access and deletion
// requests in one list, the deletions awaiting review first, then the newest by the day received or requested; each
// with its answer deadline and how it came in; filters by kind, status and assignee; this instance's only; admins
// only. A request is assigned to a staff member of the instance (audited), and "Minhas"/"Sem responsável" filter.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiToken } from "@/lib/auth/server/api-tokens.ts";
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

describe("the inbox's assignee", () => {
  type Row = { kind: string; id: number; assignee: { id: number; name: string } | null };
  type Page = { items: Row[]; total: number; assignees: { id: number; name: string }[] };
  const users: Record<string, number> = {};
  let helenaToken: string;
  let foreignUser: number;
  const assign = (body: unknown, token = helenaToken) => app.post("admin/lgpd-inbox/assign", body, { token });
  const listed = async (body: unknown = {}) => (await (await inbox(body, helenaToken)).json()) as Page;

  beforeAll(async () => {
    const user = async (instanceId: number, name: string, role: "admin" | "staff" | "viewer", disabled = false) =>
      (
        await app.db.user.create({
          data: { instanceId, name, role, disabled, email: `${name.toLowerCase()}@inbox.test`, passwordHash: "x" },
        })
      ).id;
    users.helena = await user(fx.instanceId, "Helena", "admin");
    users.otavio = await user(fx.instanceId, "Otavio", "staff");
    users.vera = await user(fx.instanceId, "Vera", "viewer");
    users.dora = await user(fx.instanceId, "Dora", "staff", true);
    foreignUser = await user(foreign.instanceId, "Fora", "admin");
    // The officer's own session token (a user behind it), as "Atribuir a mim" needs.
    helenaToken = (
      await createApiToken({
        instanceId: fx.instanceId,
        name: "helena-session",
        role: "admin",
        kind: "session",
        userId: users.helena,
      })
    ).token;
  });

  it("lists no assignee at first, and offers the instance's active staff and admins to pick from", async () => {
    const page = await listed();
    expect(page.items.every((item) => item.assignee === null)).toBe(true);
    expect(page.assignees.map((user) => user.name)).toEqual(["Helena", "Otavio"]);
  });

  it("assigns a deletion to me and an access request to a colleague, each audited; filters Minhas/Sem responsável", async () => {
    const mine = await assign({ kind: "deletion", id: ids.awaiting, assignee_id: users.helena });
    expect(mine.status, await mine.clone().text()).toBe(200);
    expect(await mine.json()).toEqual({
      kind: "deletion",
      id: ids.awaiting,
      assignee: { id: users.helena, name: "Helena" },
    });
    const colleague = await assign({ kind: "access", id: ids.accessApi, assignee_id: users.otavio });
    expect(colleague.status).toBe(200);

    const page = await listed();
    const row = (kind: string, id: number | undefined) =>
      page.items.find((item) => item.kind === kind && item.id === id);
    expect(row("deletion", ids.awaiting)?.assignee).toEqual({ id: users.helena, name: "Helena" });
    expect(row("access", ids.accessApi)?.assignee).toEqual({ id: users.otavio, name: "Otavio" });
    expect(row("deletion", ids.done)?.assignee).toBeNull();

    const minhas = await listed({ assignee: "me" });
    expect(minhas.items.map((item) => [item.kind, item.id])).toEqual([["deletion", ids.awaiting]]);
    expect(minhas.total).toBe(1);
    const none = await listed({ assignee: "none" });
    expect(none.items.map((item) => item.id).sort()).toEqual([ids.deletionLetter, ids.done].sort());
    const otavio = await listed({ assignee: users.otavio });
    expect(otavio.items.map((item) => [item.kind, item.id])).toEqual([["access", ids.accessApi]]);

    const audits = await app.db.auditLog.findMany({
      where: { instanceId: fx.instanceId, action: { in: ["lgpd_request.assign", "lgpd_access.assign"] } },
      orderBy: { id: "asc" },
    });
    expect(audits.map((audit) => [audit.action, audit.entityId, audit.actorId])).toEqual([
      ["lgpd_request.assign", String(ids.awaiting), users.helena],
      ["lgpd_access.assign", String(ids.accessApi), users.helena],
    ]);
    expect(audits[1]!.details).toMatchObject({ assignee_id: users.otavio, assignee_name: "Otavio" });
  });

  it("takes the assignee off (audited), and the same assignee twice writes nothing", async () => {
    const before = await app.db.auditLog.count({ where: { instanceId: fx.instanceId } });
    const again = await assign({ kind: "deletion", id: ids.awaiting, assignee_id: users.helena });
    expect(again.status).toBe(200);
    expect(await app.db.auditLog.count({ where: { instanceId: fx.instanceId } })).toBe(before);
    const off = await assign({ kind: "access", id: ids.accessApi, assignee_id: null });
    expect(off.status).toBe(200);
    expect(await off.json()).toMatchObject({ assignee: null });
    const audit = await app.db.auditLog.findFirst({
      where: { instanceId: fx.instanceId, action: "lgpd_access.unassign" },
    });
    expect(audit?.details).toMatchObject({ previous_assignee_id: users.otavio });
  });

  it("refuses a viewer, a disabled user, another instance's user or request, and callers below admin", async () => {
    for (const assignee_id of [users.vera, users.dora, foreignUser]) {
      const refused = await assign({ kind: "deletion", id: ids.done, assignee_id });
      expect(refused.status, String(assignee_id)).toBe(400);
      expect(await refused.json()).toMatchObject({ code: "lgpd_assignee_invalid" });
    }
    const foreignRequest = await app.db.lgpdRequest.findFirstOrThrow({ where: { instanceId: foreign.instanceId } });
    expect((await assign({ kind: "deletion", id: foreignRequest.id, assignee_id: users.helena })).status).toBe(404);
    expect((await assign({ kind: "access", id: ids.awaiting! + 10_000, assignee_id: users.helena })).status).toBe(404);
    for (const token of [fx.tokens.staff, fx.tokens.viewer]) {
      expect((await assign({ kind: "deletion", id: ids.done, assignee_id: users.helena }, token)).status).toBe(403);
    }
    expect((await assign({ kind: "deletion", id: ids.done })).status).toBe(400);
    const unchanged = await listed({ assignee: "none" });
    expect(unchanged.items.map((item) => item.id)).toContain(ids.done);
  });
});
