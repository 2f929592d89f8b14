import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createInstanceFixture, type InstanceFixture } from "./helpers/fixtures.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";

let app: TestApp;
let fx: InstanceFixture;
const HOUR = 3_600_000;

beforeAll(async () => {
  app = await startTestApp();
  fx = await createInstanceFixture(app.db);
});
afterAll(async () => app?.close());

async function post(route: string, body: unknown) {
  const response = await app.post(route, body, { token: fx.tokens.admin });
  expect(response.status, route).toBe(200);
  return response.json();
}

describe("one rule for late across the list, the CSV export and the dashboard", () => {
  it("judges a paused document at the start of its pause, an open one now", async () => {
    const now = Date.now();
    const create = async (cpf: string) =>
      (await post("document/create", { status_id: fx.statusIds["Novo"], product_id: fx.productId, cpf })).id as number;
    // Paused one hour before its deadline, which has passed since: the clock stopped in time, so it is in SLA.
    const paused = await create("111.444.777-35");
    await post("document/updateById", { id: paused, status_id: fx.statusIds["Em análise"] });
    await post("document/updateById", { id: paused, status_id: fx.statusIds["Aguardando documentos"] });
    await app.db.document.update({
      where: { id: paused },
      data: { slaEnd: new Date(now - HOUR), pausedAt: new Date(now - 2 * HOUR) },
    });
    // Open with a deadline an hour ago: late.
    const late = await create("529.982.247-25");
    await app.db.document.update({ where: { id: late }, data: { slaEnd: new Date(now - HOUR) } });

    const listed = async (sla: string) =>
      ((await post("documents/search", { filters: { sla } })).items as Array<{ id: number }>).map((d) => d.id).sort();
    expect(await listed("late")).toEqual([late]);
    expect(await listed("in_sla")).toEqual([paused]);

    const exported = await fetch(
      `${app.baseUrl}/api/documents/export.csv?filter=${encodeURIComponent(JSON.stringify({ sla: "late" }))}`,
      { headers: { authorization: `Bearer ${fx.tokens.admin}` } },
    );
    expect(exported.headers.get("x-total-count")).toBe("1");

    const dashboard = await post("dashboard", {});
    expect(dashboard.sla.open).toEqual({ in_sla: 1, late: 1, no_sla: 0 });
    expect(dashboard.late_histogram.reduce((sum: number, bucket: any) => sum + bucket.count, 0)).toBe(1);
  });
});
