// The API benchmark compares the app with a hand-written baseline (bench/api/baseline.ts); the comparison only means
// something if both answer the same JSON. This serves the baseline on the test's own database connection next to the
// built app and diffs their answers for the benchmark's five calls.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baselineHandler, poolDb, type BaselineDb } from "@/bench/api/baseline.ts";
import { getConnection } from "@/lib/db/client.ts";
import { createInstanceFixture, type InstanceFixture } from "./helpers/fixtures.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";

let app: TestApp;
let fx: InstanceFixture;
let baseline: Server;
let baselineUrl: string;

async function connectionDb(): Promise<BaselineDb> {
  const connection = await getConnection();
  if (connection.pool) return poolDb(connection.pool);
  const pglite = connection.pglite!;
  // PGlite has no named statements (its query always parses an unnamed one): the baseline's names are dropped here.
  const query: BaselineDb["query"] = (sql, params) =>
    pglite.query<Record<string, unknown>>(sql.text, params).then(({ rows }) => ({ rows }));
  return {
    query,
    transaction: (work) =>
      pglite.transaction((tx) =>
        work((sql, params) => tx.query<Record<string, unknown>>(sql.text, params).then(({ rows }) => ({ rows }))),
      ),
  };
}

beforeAll(async () => {
  app = await startTestApp();
  fx = await createInstanceFixture(app.db, "default");
  baseline = createServer(baselineHandler(await connectionDb()));
  await new Promise<void>((resolve) => baseline.listen(0, "127.0.0.1", resolve));
  baselineUrl = `http://127.0.0.1:${(baseline.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => baseline?.close(resolve));
  await app?.close();
});

async function both(route: string, body: unknown, token = fx.tokens.staff) {
  const call = async (base: string) => {
    const response = await fetch(`${base}/api/document/${route}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  return { app: await call(app.baseUrl), baseline: await call(baselineUrl) };
}

// What differs between two documents created from the same body: their identity and the moment they were written.
const VOLATILE = new Set(["id", "uuid", "protocol", "sla_start", "sla_end", "sla_end_status", "date_time"]);
const VOLATILE_ANYWHERE = new Set(["created_at", "updated_at", "Criado em", "download_url"]);
function stable(value: unknown, top = true): unknown {
  if (Array.isArray(value)) return value.map((item) => stable(item, false));
  if (!value || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !VOLATILE_ANYWHERE.has(key) && !(top && VOLATILE.has(key)))
      .map(([key, item]) => [
        key,
        key === "product" || key === "status" || key === "step" ? item : stable(item, false),
      ]),
  );
}

describe("baseline answers the same JSON as the app", () => {
  let appDocument: Record<string, unknown>;
  let baselineDocument: Record<string, unknown>;
  const cpf = "390.533.447-05";

  it("create answers the same fields and values", async () => {
    const body = {
      status_id: fx.statusIds["Novo"],
      product_id: fx.productId,
      cpf,
      name: "Maria Silva",
      email: "maria@example.com",
      phone: "+55 11 91234-5678",
      source: "bench",
      modality_identifier: "24x7",
      filled_columns: { placa: "ABC1234", valor_segurado: 85000, corretor: "Corretor 7" },
    };
    const { app: fromApp, baseline: fromBaseline } = await both("create", body);
    expect(fromApp.status, JSON.stringify(fromApp.body)).toBe(200);
    expect(fromBaseline.status, JSON.stringify(fromBaseline.body)).toBe(200);
    expect(Object.keys(fromBaseline.body).sort()).toEqual(Object.keys(fromApp.body).sort());
    expect(stable(fromBaseline.body)).toStrictEqual(stable(fromApp.body));
    // Same SLA arithmetic (72 h product default on a 24x7 modality; 4 h status SLA).
    const span = (answer: Record<string, unknown>, from: string, to: string) =>
      Date.parse(answer[to] as string) - Date.parse(answer[from] as string);
    expect(span(fromBaseline.body, "sla_start", "sla_end")).toBe(span(fromApp.body, "sla_start", "sla_end"));
    expect(span(fromBaseline.body, "date_time", "sla_end_status")).toBe(
      span(fromApp.body, "date_time", "sla_end_status"),
    );
    appDocument = fromApp.body;
    baselineDocument = fromBaseline.body;
  });

  it("updateById (filled_columns merge) answers the same full document", async () => {
    const change = { filled_columns: { valor_segurado: 90000, vistoria: "ok" }, name: "Maria Souza" };
    const fromApp = await both("updateById", { id: appDocument.id, ...change });
    const fromBaseline = await both("updateById", { id: baselineDocument.id, ...change });
    expect(fromApp.app.status).toBe(200);
    expect(fromBaseline.baseline.status).toBe(200);
    expect(fromBaseline.baseline.body.filled_columns).toEqual({
      placa: "ABC1234",
      valor_segurado: 90000,
      corretor: "Corretor 7",
      vistoria: "ok",
    });
    expect(stable(fromBaseline.baseline.body)).toStrictEqual(stable(fromApp.app.body));
  });

  it("loadById and loadByCPF answer identical JSON for the same documents", async () => {
    await app.db.observation.create({ data: { documentId: appDocument.id as number, text: "nota", authorLabel: "x" } });
    await app.db.attachment.createMany({
      data: [
        { documentId: appDocument.id as number, fileName: "a.pdf", authorLabel: "x", state: "pending" },
        { documentId: appDocument.id as number, fileName: "b.pdf", authorLabel: "x", size: 10, sha256: "ab" },
      ],
    });
    const requests: Array<[string, unknown]> = [
      ["loadById", { id: appDocument.id }],
      ["loadById", { id: baselineDocument.id }],
      ["loadById", { id: 987_654 }],
      ["loadByCPF", { cpf }],
      ["loadByCPF", { cpf: [cpf, "00000000000"] }],
      ["loadByCPF", { cpf, categories: "primary,valid" }],
      ["loadByCPF", { cpf, categories: ["pause"] }],
      ["loadByCPF", { cpf: "00000000000" }],
    ];
    // The staff token reads in clear; the viewer's reads masked by its role's policy (the default, then a stored one).
    const compare = async (token: string, label: string) => {
      for (const [route, body] of requests) {
        const answers = await both(route, body, token);
        expect(answers.baseline, `${label} ${route} ${JSON.stringify(body)}`).toStrictEqual(answers.app);
      }
    };
    await compare(fx.tokens.staff, "clear");
    await compare(fx.tokens.viewer, "masked (default policy)");
    const masked = await both("loadById", { id: appDocument.id }, fx.tokens.viewer);
    expect(masked.app.body.fields_to_show).toMatchObject({ CPF: "***.533.447-**", Cliente: "Maria Souza" });
    // Saved as an admin saves it (the app's reads on this server apply it at once; they keep a role's policy for
    // API_AUTH_CACHE_MS otherwise, as they keep the token).
    const saved = await app.post(
      "admin/settings/masking-policy",
      { admin: ["cpf", "email", "phone"], staff: ["cpf", "email", "phone"], viewer: ["name", "phone"] },
      { token: fx.tokens.admin },
    );
    expect(saved.status).toBe(200);
    await compare(fx.tokens.viewer, "masked (stored policy)");
    const views = await both("loadByCPF", { cpf });
    expect((views.app.body as unknown as unknown[]).length).toBe(2);
  });
});
