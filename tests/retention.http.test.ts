// Retention rules over real HTTP (the built app) on PGlite, or PostgreSQL with TEST_DATABASE_URL: roles, a rule
// created inactive, its preview (counts per product and status, the cutoff, no personal data), activation that must
// name the current count, a run that anonymises exactly the matching documents, the dashboard unchanged and equal to a
// recount, the anonymised documents still found by protocol, the last and next run on the list, and the audit rows.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { processDueRetention } from "@/lib/retention/server/retention-queue.ts";
import { createInstanceFixture, type InstanceFixture } from "./helpers/fixtures.ts";
import { cpfFromBase, formatCpf } from "./helpers/lgpd.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";

const DAY = 86_400_000;
let app: TestApp;
let fx: InstanceFixture;
let foreign: InstanceFixture;
let productB: number;
const matching: number[] = [];
const others: number[] = [];
const CLOSE = { connection: "close" };

const call = (method: string, route: string, token: string, body?: unknown) =>
  fetch(`${app.baseUrl}/api/${route}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...CLOSE,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

async function create(
  fixture: InstanceFixture,
  index: number,
  status: keyof InstanceFixture["statusIds"],
  finishedDaysAgo: number | null,
  productId = fixture.productId,
) {
  const response = await app.post(
    "document/create",
    {
      status_id: fixture.statusIds["Novo"],
      product_id: productId,
      cpf: formatCpf(cpfFromBase(700_000 + index)),
      name: `Cliente Retencao ${index}`,
      email: `cliente${index}@example.com`,
      sla_total: 24,
    },
    { token: fixture.tokens.staff, headers: CLOSE },
  );
  const body = (await response.json()) as { id: number; protocol: string };
  expect(response.status, JSON.stringify(body)).toBe(200);
  // The dates of a case finished long ago (set directly: the API stamps now).
  await app.db.$executeRaw`UPDATE "Document" SET "statusId" = ${fixture.statusIds[status]},
    "createdAt" = now() - interval '400 days',
    "dateFinished" = ${finishedDaysAgo === null ? null : new Date(Date.now() - finishedDaysAgo * DAY)}::timestamptz
    WHERE id = ${body.id}`;
  return body.id;
}

beforeAll(async () => {
  app = await startTestApp();
  fx = await createInstanceFixture(app.db, "default");
  foreign = await createInstanceFixture(app.db, "outra");
  productB = (await app.db.product.create({ data: { instanceId: fx.instanceId, name: "Produto B" } })).id;
  let index = 0;
  for (let i = 0; i < 4; i += 1) matching.push(await create(fx, index++, "Concluído", 200 + i));
  matching.push(await create(fx, index++, "Concluído", 181, productB));
  others.push(await create(fx, index++, "Concluído", 100)); // too recent
  others.push(await create(fx, index++, "Cancelado", 300)); // another category
  others.push(await create(fx, index++, "Em análise", null)); // open
  others.push(await create(foreign, index++, "Concluído", 300)); // another instance
}, 120_000);
afterAll(async () => app?.close());

/** The dashboard's figures straight from the documents: total and per category. */
async function recount(instanceId: number) {
  const rows = await app.db.$queryRaw<{ key: string; n: bigint }[]>`
    SELECT c.key, count(d.id) AS n FROM "StatusCategory" c
      LEFT JOIN "Status" s ON s."categoryId" = c.id LEFT JOIN "Document" d ON d."statusId" = s.id
     WHERE c."instanceId" = ${instanceId} GROUP BY c.id, c.key ORDER BY c.key`;
  return Object.fromEntries(rows.map((row) => [row.key, Number(row.n)]));
}

async function dashboard() {
  const response = await call("POST", "dashboard", fx.tokens.admin, {});
  expect(response.status).toBe(200);
  const { generated_at: _generated, ...body } = (await response.json()) as Record<string, unknown> & {
    by_category: { key: string; count: number }[];
  };
  return body as typeof body & { by_category: { key: string; count: number }[] };
}

describe("retention rules over HTTP", () => {
  let ruleId: number;

  it("only admins reach the routes; a rule is created inactive", async () => {
    const body = { product_id: null, category_id: fx.categoryIds["final"], days: 180, action: "anonymise" };
    for (const role of ["staff", "viewer"] as const) {
      expect((await call("POST", "admin/retention", fx.tokens[role], body)).status).toBe(403);
      expect((await call("GET", "admin/retention", fx.tokens[role])).status).toBe(403);
    }
    const open = await call("POST", "admin/retention", fx.tokens.admin, {
      ...body,
      category_id: fx.categoryIds["valid"],
    });
    expect(open.status).toBe(400);
    expect(((await open.json()) as { errors: { code: string }[] }).errors[0]?.code).toBe("retention_open_category");
    const foreignCategory = await call("POST", "admin/retention", fx.tokens.admin, {
      ...body,
      category_id: foreign.categoryIds["final"],
    });
    expect(foreignCategory.status).toBe(400);

    const response = await call("POST", "admin/retention", fx.tokens.admin, body);
    expect(response.status).toBe(201);
    const rule = (await response.json()) as { id: number; active: boolean; next_run_at: string | null };
    expect(rule).toMatchObject({ active: false, next_run_at: null, days: 180, action: "anonymise" });
    ruleId = rule.id;
    // Another instance's admin does not see it.
    expect((await call("GET", `admin/retention/${ruleId}/preview`, foreign.tokens.admin)).status).toBe(404);
  });

  it("previews counts per product and status and the cutoff, without personal data", async () => {
    const response = await call("GET", `admin/retention/${ruleId}/preview`, fx.tokens.admin);
    expect(response.status).toBe(200);
    const text = await response.text();
    const preview = JSON.parse(text) as {
      total: number;
      cutoff: string;
      groups: { product_id: number; status_name: string; count: number }[];
    };
    expect(preview.total).toBe(5);
    expect(preview.groups).toEqual([
      expect.objectContaining({ product_id: productB, status_name: "Concluído", count: 1 }),
      expect.objectContaining({ product_id: fx.productId, status_name: "Concluído", count: 4 }),
    ]);
    expect(Math.abs(new Date(preview.cutoff).getTime() - (Date.now() - 180 * DAY))).toBeLessThan(60_000);
    expect(text).not.toMatch(/Cliente|example\.com|\d{3}\.\d{3}\.\d{3}-\d{2}/);
  });

  it("activation must name the current count; the run anonymises exactly the matching documents", async () => {
    const wrong = await call("POST", `admin/retention/${ruleId}/activate`, fx.tokens.admin, { confirm_count: 4 });
    expect(wrong.status).toBe(409);
    expect(await wrong.json()).toMatchObject({ code: "retention_count_changed", params: { count: 5 } });
    expect((await call("POST", `admin/retention/${ruleId}/run`, fx.tokens.admin, {})).status).toBe(409);

    const activated = await call("POST", `admin/retention/${ruleId}/activate`, fx.tokens.admin, { confirm_count: 5 });
    expect(activated.status).toBe(200);
    const rule = (await activated.json()) as { active: boolean; next_run_at: string };
    expect(rule.active).toBe(true);
    expect(new Date(rule.next_run_at).getTime()).toBeGreaterThan(Date.now());
    // Not due yet: nothing is claimed before the run hour.
    expect((await processDueRetention({ owner: "retention-http" })).claimed).toBe(0);

    const before = await dashboard();
    expect(before.by_category.map((row) => [row.key, row.count])).toEqual(
      expect.arrayContaining(Object.entries(await recount(fx.instanceId))),
    );
    expect((await call("POST", `admin/retention/${ruleId}/run`, fx.tokens.admin, {})).status).toBe(200);
    const { results } = await processDueRetention({ owner: "retention-http" });
    // The app's own loop (in this process) may have taken it first: then ours finds nothing, and the run is its.
    if (results.length) expect(results[0]).toMatchObject({ outcome: "done", processed: 5 });

    const rows = await app.db.document.findMany({
      where: { id: { in: [...matching, ...others] } },
      select: { id: true, anonymisedAt: true, name: true, cpf: true, protocol: true },
    });
    const anonymised = rows.filter((row) => row.anonymisedAt !== null).map((row) => row.id);
    expect(anonymised.sort()).toEqual([...matching].sort());
    for (const row of rows.filter((row) => matching.includes(row.id)))
      expect(row).toMatchObject({ name: null, cpf: "" });
    for (const row of rows.filter((row) => others.includes(row.id))) expect(row.name).toMatch(/^Cliente Retencao/);

    // The dashboard is what it was, and what a recount says.
    const after = await dashboard();
    expect(after).toEqual(before);
    expect(Object.fromEntries(after.by_category.map((row) => [row.key, row.count]))).toEqual(
      await recount(fx.instanceId),
    );

    // Still found by protocol, and readable (without the person) through the document API.
    const protocol = rows.find((row) => row.id === matching[0])!.protocol;
    const found = await app.post("documents/find", { q: protocol }, { token: fx.tokens.staff, headers: CLOSE });
    expect(found.status).toBe(200);
    expect(((await found.json()) as { items: { id: number }[] }).items.map((item) => item.id)).toContain(matching[0]);

    const list = (await (await call("GET", "admin/retention", fx.tokens.admin)).json()) as {
      rules: {
        id: number;
        last_run: { processed: number; remaining: number; error: null } | null;
        next_run_at: string;
      }[];
    };
    const listed = list.rules.find((row) => row.id === ruleId)!;
    expect(listed.last_run).toMatchObject({ processed: 5, remaining: 0, error: null });
    expect(new Date(listed.next_run_at).getTime()).toBeGreaterThan(Date.now());

    const audit = await app.db.auditLog.findMany({
      where: { entity: "retention_rule", entityId: String(ruleId) },
      orderBy: { id: "asc" },
    });
    expect(audit.map((row) => row.action)).toEqual([
      "retention_rule.create",
      "retention_rule.activate",
      "retention_rule.run_now",
      "retention_rule.run",
    ]);
    expect(audit[1]!.details).toMatchObject({ confirmed_count: 5 });
    expect(audit[3]!.details).toMatchObject({ processed: 5, remaining: 0 });
  });

  it("deactivate and delete are audited", async () => {
    const deactivated = await call("POST", `admin/retention/${ruleId}/deactivate`, fx.tokens.admin, {});
    expect(await deactivated.json()).toMatchObject({ active: false, next_run_at: null });
    expect((await call("DELETE", `admin/retention/${ruleId}`, fx.tokens.admin)).status).toBe(200);
    expect((await call("GET", `admin/retention/${ruleId}/preview`, fx.tokens.admin)).status).toBe(404);
    const actions = await app.db.auditLog.findMany({
      where: { entity: "retention_rule", entityId: String(ruleId) },
      select: { action: true },
    });
    expect(actions.map((row) => row.action)).toEqual(
      expect.arrayContaining(["retention_rule.deactivate", "retention_rule.delete"]),
    );
  });
  it("takes a period in calendar years, months and days; all zero is refused under days", async () => {
    const base = { product_id: null, category_id: fx.categoryIds["final"], action: "anonymise" };
    const zero = await call("POST", "admin/retention", fx.tokens.admin, { ...base, years: 0, months: 0, days: 0 });
    expect(zero.status).toBe(400);
    expect(((await zero.json()) as { errors: { path: string }[] }).errors[0]?.path).toBe("days");
    const created = await call("POST", "admin/retention", fx.tokens.admin, { ...base, years: 2, months: 1, days: 0 });
    expect(created.status).toBe(201);
    const rule = (await created.json()) as { id: number; years: number; months: number; days: number };
    expect(rule).toMatchObject({ years: 2, months: 1, days: 0 });
    const preview = (await (await call("GET", `admin/retention/${rule.id}/preview`, fx.tokens.admin)).json()) as {
      cutoff: string;
    };
    // Two calendar years and a month before now (lib/retention/period.test.ts covers leap days and month ends).
    const now = new Date();
    const day = Math.min(
      now.getUTCDate(),
      new Date(Date.UTC(now.getUTCFullYear() - 2, now.getUTCMonth(), 0)).getUTCDate(),
    );
    const expected = Date.UTC(
      now.getUTCFullYear() - 2,
      now.getUTCMonth() - 1,
      day,
      now.getUTCHours(),
      now.getUTCMinutes(),
    );
    expect(Math.abs(new Date(preview.cutoff).getTime() - expected)).toBeLessThan(120_000);
    const listed = (await (await call("GET", "admin/retention", fx.tokens.admin)).json()) as {
      rules: { id: number; years: number; months: number; days: number }[];
    };
    expect(listed.rules.find((item) => item.id === rule.id)).toMatchObject({ years: 2, months: 1, days: 0 });
    expect((await call("DELETE", `admin/retention/${rule.id}`, fx.tokens.admin)).status).toBe(200);
  });
});
