import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SearchDocumentsResult } from "@/lib/documents/search-schema.ts";
import { normalizeIdentifier } from "@/lib/identifiers/identifiers.ts";
import { createInstanceFixture, type InstanceFixture } from "./helpers/fixtures.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";

// POST /api/documents/search with sort "urgency" (the list's default, "mais urgentes primeiro") and the
// fields the honest SLA badge reads: sla_paused and the status category's kind.

let app: TestApp;
let alpha: InstanceFixture;
const ids: Record<string, number> = {};
const HOUR = 3_600_000;
const now = Date.now();

async function insert(key: string, status: string, fields: Record<string, unknown>) {
  const created = new Date(now - 48 * HOUR);
  const row = await app.db.document.create({
    data: {
      instanceId: alpha.instanceId,
      protocol: `URG-${key}`,
      statusId: alpha.statusIds[status as keyof InstanceFixture["statusIds"]],
      productId: alpha.productId,
      cpf: "111.444.777-35",
      cpfDigits: normalizeIdentifier("111.444.777-35"),
      slaStart: created,
      dateTime: created,
      createdAt: created,
      ...fields,
    },
  });
  ids[key] = row.id;
}

beforeAll(async () => {
  app = await startTestApp();
  alpha = await createInstanceFixture(app.db, "alpha");
  await insert("finished", "Concluído", { slaEnd: new Date(now - 10 * HOUR), dateFinished: new Date(now - 20 * HOUR) });
  await insert("dueLater", "Novo", { slaEnd: new Date(now + 30 * HOUR) });
  await insert("noSla", "Novo", { slaEnd: null });
  await insert("paused", "Aguardando documentos", { slaEnd: new Date(now + 5 * HOUR), pausedAt: new Date(now - HOUR) });
  await insert("lateMost", "Em análise", { slaEnd: new Date(now - 20 * HOUR) });
  // A finished-kind status sets date_finished (lib/documents/server/update-document.ts), cancelled included.
  await insert("cancelled", "Cancelado", {
    slaEnd: new Date(now - 30 * HOUR),
    dateFinished: new Date(now - 25 * HOUR),
  });
  await insert("lateLess", "Novo", { slaEnd: new Date(now - 2 * HOUR) });
});
afterAll(async () => {
  await app?.close();
});

describe("sort urgency", () => {
  it("open work by deadline (most overdue first, no SLA last), then paused, then finished or cancelled", async () => {
    const response = await app.post(
      "documents/search",
      { sort: "urgency", page_size: 100 },
      { token: alpha.tokens.viewer },
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as SearchDocumentsResult;
    expect(body.items.map((item) => item.protocol)).toEqual([
      "URG-lateMost",
      "URG-lateLess",
      "URG-dueLater",
      "URG-noSla",
      "URG-paused",
      "URG-cancelled",
      "URG-finished",
    ]);
    const byKey = new Map(body.items.map((item) => [item.protocol.slice(4), item]));
    expect(byKey.get("paused")).toMatchObject({ sla_paused: true, status: { category: { kind: "pause" } } });
    expect(byKey.get("dueLater")).toMatchObject({ sla_paused: false, status: { category: { kind: "open" } } });
    expect(byKey.get("cancelled")!.status.category.kind).toBe("finished");
    expect(byKey.get("finished")!.status.category.kind).toBe("finished");
  });
});
