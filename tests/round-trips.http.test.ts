// Round trips per API call, counted at the driver (tests/helpers/sql-recorder.ts): a read is at most 2 statements
// (authentication + the read view), a write at most 4 statements inside one transaction (history included) plus
// authentication. Transaction control (BEGIN/COMMIT) is not counted as a statement. On PostgreSQL every one of those
// statements goes as a named (prepared) statement, planned once per connection — on PGlite too, through its
// protocol (lib/db/pglite-prepared.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiToken } from "@/lib/auth/server/api-tokens.ts";
import { createInstanceFixture, type InstanceFixture } from "./helpers/fixtures.ts";
import { recordSql, type SqlRecorder } from "./helpers/sql-recorder.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";

let app: TestApp;
let fx: InstanceFixture;
let sql: SqlRecorder;

beforeAll(async () => {
  app = await startTestApp();
  fx = await createInstanceFixture(app.db, "default");
  sql = await recordSql();
});
afterAll(async () => app?.close());

/** Calls a route and returns its answer with the statements and transactions it caused. */
async function counted(route: string, body: unknown, token: string) {
  sql.reset();
  const response = await app.post(route, body, { token });
  const json = await response.json();
  // The shared rate limit's merge (lib/http/server/rate-limit-sync.ts): one statement a second for all callers of this
  // server, on a request's path only for a caller's first request here in a minute, one that uses up its slice of the
  // headroom or one near its limit — the limit's work, not the route's: not counted as this call's round trip.
  const ours = (text: string) => !text.includes(`"RateLimitCounter"`);
  const statements = sql.statements().filter(ours);
  // The recorder saw the call's own work (so the upper bounds below are not vacuous).
  expect(statements.some((text) => text.includes(`"Document"`))).toBe(true);
  // Hot path: nothing parsed and planned per call, on either database.
  expect(sql.unnamed().filter(ours), "statements sent unnamed").toEqual([]);
  return { status: response.status, body: json, statements, transactions: sql.transactions() };
}

const freshToken = async (role: "viewer" | "staff") =>
  (await createApiToken({ instanceId: fx.instanceId, name: `rt-${role}-${Math.random()}`, role })).token;

describe("statements per document-API call", () => {
  let id: number;

  it("create: at most 4 statements in one transaction, history included (+1 to authenticate a new token)", async () => {
    const token = await freshToken("staff");
    const body = {
      status_id: fx.statusIds["Novo"],
      product_id: fx.productId,
      cpf: "529.982.247-25",
      name: "Maria",
      modality_identifier: "Horário comercial",
      filled_columns: { placa: "ABC1D23" },
    };
    const cold = await counted("document/create", body, token);
    expect(cold.status, JSON.stringify(cold.body)).toBe(200);
    expect(cold.transactions).toBe(1);
    expect(cold.statements.length, cold.statements.join("\n")).toBeLessThanOrEqual(5);
    const warm = await counted("document/create", { ...body, modality_identifier: "Brand new modality" }, token);
    expect(warm.status).toBe(200);
    expect(warm.transactions).toBe(1);
    expect(warm.statements.length, warm.statements.join("\n")).toBeLessThanOrEqual(4);
    id = warm.body.id;
    // The history row was written by those statements.
    expect(await app.db.documentHistory.count({ where: { documentId: id, action: "create" } })).toBe(1);
  });

  it("updateById: at most 4 statements in one transaction, with a status move, merge and modality change", async () => {
    const token = await freshToken("staff");
    await counted("document/loadById", { id }, token); // authenticates once
    const moved = await counted(
      "document/updateById",
      {
        id,
        status_id: fx.statusIds["Em análise"],
        name: "Maria Souza",
        modality_identifier: "24x7",
        sla_total: 10,
        filled_columns: { valor_segurado: 1000 },
      },
      token,
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.filled_columns).toEqual({ placa: "ABC1D23", valor_segurado: 1000 });
    expect(moved.transactions).toBe(1);
    expect(moved.statements.length, moved.statements.join("\n")).toBeLessThanOrEqual(4);
    const paused = await counted(
      "document/updateById",
      { id, status_id: fx.statusIds["Aguardando documentos"] },
      token,
    );
    expect(paused.status).toBe(200);
    expect(paused.statements.length, paused.statements.join("\n")).toBeLessThanOrEqual(4);
    expect(await app.db.documentHistory.count({ where: { documentId: id, action: "update" } })).toBe(2);
  });

  it("loadById and loadByCPF: at most 2 statements (authentication + the read view), no transaction", async () => {
    await app.db.observation.create({ data: { documentId: id, text: "nota", authorLabel: "x" } });
    await app.db.attachment.create({ data: { documentId: id, fileName: "a.pdf", authorLabel: "x", state: "pending" } });
    for (const [route, body] of [
      ["document/loadById", { id }],
      ["document/loadByCPF", { cpf: "529.982.247-25" }],
      ["document/loadByCPF", { cpf: ["529.982.247-25", "52998224725"], categories: "primary,pause" }],
    ] as const) {
      const cold = await counted(route, body, await freshToken("viewer"));
      expect(cold.status, JSON.stringify(cold.body)).toBe(200);
      expect(cold.transactions).toBe(0);
      expect(cold.statements.length, cold.statements.join("\n")).toBeLessThanOrEqual(2);
    }
    const view = await counted("document/loadById", { id }, fx.tokens.viewer);
    expect(view.body.observation).toHaveLength(1);
    expect(view.body.attachment).toHaveLength(1);
    expect(view.body.status.category).toBe("pause");
  });
});
