// The read view is built in Node (lib/documents/server/read-view-json.ts) from the plain columns of one read statement
// (lib/documents/read-view-sql.ts); it must equal, value for value, what the JavaScript serializer (serializeReadView
// over Prisma's relation load) answers — on PGlite and PostgreSQL, whatever the session's time zone.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Actor } from "@/lib/auth/actor.ts";
import { closeDb, getDb, type Db } from "@/lib/db/client.ts";
import { createDocument } from "@/lib/documents/server/create-document.ts";
import { documentWithRelations } from "@/lib/documents/server/load.ts";
import { defaultSession } from "@/lib/db/sql-session.ts";
import {
  isoSql,
  readViewByIdSql,
  readViewsByCpfSql,
  type ReadViewRow,
  type StepMapColumn,
} from "@/lib/documents/read-view-sql.ts";
import { rememberStepMap } from "@/lib/documents/server/read-step-cache.ts";
import { saveMaskingPolicy } from "@/lib/documents/server/save-masking-policy.ts";
import { loadDocumentById, loadDocumentsByCpf } from "@/lib/documents/server/read.ts";
import { isoFromPg, readViewJson, readViewsJson } from "@/lib/documents/server/read-view-json.ts";
import { serializeReadView } from "@/lib/documents/server/serialize.ts";
import { updateDocument } from "@/lib/documents/server/update-document.ts";
import { toApiError } from "@/lib/http/server/api-route.ts";
import { createInstanceWithCatalog, type SeededCatalog } from "@/lib/seed/server/catalog.ts";
import { createStep } from "@/lib/settings/server/create-step.ts";
import { deleteStep } from "@/lib/settings/server/delete-step.ts";
import { updateStep } from "@/lib/settings/server/update-step.ts";
import { createMigratedDatabase } from "./helpers/test-database.ts";

let db: Db;
let catalog: SeededCatalog;
let cleanup: () => Promise<void>;
let actor: Actor;
const CPF = "529.982.247-25";

beforeAll(async () => {
  ({ cleanup } = await createMigratedDatabase());
  db = await getDb();
  catalog = await createInstanceWithCatalog(db, "default");
  actor = { type: "token", id: 1, label: "token:test", instanceId: catalog.instanceId, role: "admin", userId: null };
});
afterAll(async () => {
  await closeDb();
  await cleanup?.();
});

async function viaPrisma(id: number) {
  const document = await db.document.findFirstOrThrow({ where: { id }, include: documentWithRelations });
  return serializeReadView(document);
}

describe("read view built in SQL", () => {
  it("equals the JavaScript serializer for documents with and without relations, step, modality and SLA", async () => {
    const plain = await createDocument(
      { actor },
      {
        status_id: catalog.statusIds["Novo"],
        product_id: catalog.productId,
        cpf: CPF,
      },
    );
    const full = await createDocument(
      { actor },
      {
        status_id: catalog.statusIds["Novo"],
        product_id: catalog.productId,
        cpf: "52998224725",
        name: 'Ana "Teste", São Paulo',
        email: "ana@example.com",
        phone: "+55 11 90000-0000",
        source: "api",
        sla_total: 1.5,
        modality_identifier: "Horário comercial",
        filled_columns: {
          placa: "ABC1D23",
          valor_segurado: 85000.5,
          nested: { a: [1, "dois", null] },
          vazio: "",
          "ç ü": true,
        },
      },
    );
    // A status without a step (Cancelado), observations and attachments in both states.
    await updateDocument({ actor }, { id: full.id, status_id: catalog.statusIds["Cancelado"] });
    const base = Date.now();
    await db.observation.createMany({
      data: [
        {
          documentId: full.id,
          text: "segunda",
          visibility: "customer",
          authorLabel: "token:x",
          createdAt: new Date(base + 2000),
        },
        {
          documentId: full.id,
          text: "primeira\nlinha",
          authorLabel: "ana@example.com",
          createdAt: new Date(base + 1000),
        },
      ],
    });
    await db.attachment.createMany({
      data: [
        {
          documentId: full.id,
          state: "uploaded",
          fileName: "cnh.pdf",
          mediaType: "application/pdf",
          size: 1234,
          sha256: "ab".repeat(32),
          authorLabel: "token:x",
          createdAt: new Date(base + 500),
          uploadedAt: new Date(base + 600),
        },
        {
          documentId: full.id,
          state: "pending",
          fileName: "rg.pdf",
          requestNote: "Enviar RG",
          authorLabel: "x",
          createdAt: new Date(base + 700),
        },
      ],
    });

    for (const id of [plain.id, full.id]) {
      expect(JSON.parse(await loadDocumentById(catalog.instanceId, id))).toStrictEqual(await viaPrisma(id));
    }
    const fullView = JSON.parse(await loadDocumentById(catalog.instanceId, full.id));
    expect(fullView.step).toBeNull();
    expect(fullView.observation.map((o: { text: string }) => o.text)).toEqual(["primeira\nlinha", "segunda"]);
    expect(fullView.attachment).toHaveLength(2);

    // loadByCPF: exact match on the identifier as written, newest first, categories filter.
    const byCpf = JSON.parse(await loadDocumentsByCpf(catalog.instanceId, [CPF, "52998224725"], []));
    expect(byCpf).toStrictEqual([await viaPrisma(full.id), await viaPrisma(plain.id)]);
    expect(JSON.parse(await loadDocumentsByCpf(catalog.instanceId, [CPF, "52998224725"], ["primary"]))).toStrictEqual([
      await viaPrisma(plain.id),
    ]);
    expect(JSON.parse(await loadDocumentsByCpf(catalog.instanceId, ["000"], []))).toEqual([]);
    // One identifier (its own statement text), with and without categories; none of its documents in them: [].
    expect(JSON.parse(await loadDocumentsByCpf(catalog.instanceId, [CPF], []))).toStrictEqual([
      await viaPrisma(plain.id),
    ]);
    expect(JSON.parse(await loadDocumentsByCpf(catalog.instanceId, [CPF], ["primary", "final"]))).toStrictEqual([
      await viaPrisma(plain.id),
    ]);
    expect(JSON.parse(await loadDocumentsByCpf(catalog.instanceId, ["52998224725"], ["primary"]))).toEqual([]);
    expect(JSON.parse(await loadDocumentsByCpf(catalog.instanceId, ["000"], ["primary"]))).toEqual([]);

    // The rows read in a session of another time zone (offsets of hours and of half hours) build the same views.
    for (const zone of ["America/Sao_Paulo", "Asia/Kolkata"]) {
      const rows = await (
        await defaultSession()
      ).transaction(async (sql) => {
        await sql(`SELECT set_config('TimeZone', '${zone}', true)`);
        type Row = ReadViewRow & { stepMap: StepMapColumn };
        return {
          byId: (await sql<Row>(readViewByIdSql("clear", "map"), [full.id, catalog.instanceId])).rows,
          byCpf: (
            await sql<Row>(readViewsByCpfSql("many", false, "clear", "map"), [catalog.instanceId, [CPF, "52998224725"]])
          ).rows,
        };
      });
      expect(rows.byId[0]!.createdAt, zone).not.toMatch(/\+00$/);
      const steps = rememberStepMap(catalog.instanceId, -1, rows.byId[0]!.stepMap);
      expect(JSON.parse(readViewJson(rows.byId[0]!, steps)), zone).toStrictEqual(await viaPrisma(full.id));
      expect(JSON.parse(readViewsJson(rows.byCpf, steps)), zone).toStrictEqual(byCpf);
    }
    // Domain errors (AppError) get their HTTP status from the route layer (toApiError).
    const status = (promise: Promise<unknown>) =>
      promise.then(
        () => null,
        (error: unknown) => ({ status: toApiError(error, "test", "/test").status, message: (error as Error).message }),
      );
    for (const cpfs of [[CPF], ["000"], [CPF, "000"]]) {
      expect(await status(loadDocumentsByCpf(catalog.instanceId, cpfs, ["primary", "nope"]))).toMatchObject({
        status: 400,
        message: expect.stringContaining("Unknown categories: nope (known: primary, valid, pause, final, invalid)"),
      });
    }
    expect(await status(loadDocumentById(catalog.instanceId, 999_999))).toMatchObject({ status: 404 });
    const other = await createInstanceWithCatalog(db, "other");
    expect(await status(loadDocumentById(other.instanceId, full.id))).toMatchObject({ status: 404 });
  });

  it("masked: the same views with fields_to_show masked as the role's policy says (default: CPF, e-mail, phone)", async () => {
    const created = await createDocument(
      { actor },
      {
        status_id: catalog.statusIds["Novo"],
        product_id: catalog.productId,
        cpf: "390.533.447-05",
        name: "Maria da Silva",
        email: "maria@example.com",
        phone: "+55 11 99999-1234",
      },
    );
    const clear = await viaPrisma(created.id);
    const withMasks = (masks: Partial<Record<"CPF" | "Cliente" | "Email" | "Telefone", string>>) => ({
      ...clear,
      fields_to_show: { ...clear.fields_to_show, ...masks },
    });
    const cpfMask = { CPF: "***.533.447-**" };
    const contactMasks = { Email: "m****@e******.com", Telefone: "+** ** *****-1234" };
    const nameMask = { Cliente: "M**** d* S****" };
    const asRole = (role: "admin" | "staff" | "viewer") => ({ personal: "masked" as const, role });
    const read = async (role: "admin" | "staff" | "viewer") => ({
      byId: JSON.parse(await loadDocumentById(catalog.instanceId, created.id, asRole(role))),
      byCpf: JSON.parse(await loadDocumentsByCpf(catalog.instanceId, ["390.533.447-05"], [], asRole(role))),
      byCpfs: JSON.parse(
        await loadDocumentsByCpf(catalog.instanceId, ["390.533.447-05", "x"], ["primary"], asRole(role)),
      ),
    });
    const expected = withMasks({ ...cpfMask, ...contactMasks });
    expect(await read("viewer")).toStrictEqual({ byId: expected, byCpf: [expected], byCpfs: [expected] });

    expect(await read("staff")).toStrictEqual({ byId: expected, byCpf: [expected], byCpfs: [expected] });

    // A stored policy is followed per role and instance: viewers masked all four, staff none, admin the default. Saved
    // on this server, it applies from the next read (the reads above left the roles' policies cached here).
    await saveMaskingPolicy(
      { actor },
      {
        viewer: ["cpf", "name", "email", "phone"],
        staff: [],
        admin: ["cpf", "email", "phone"],
      },
    );
    const all = withMasks({ ...cpfMask, ...contactMasks, ...nameMask });
    expect(await read("viewer")).toStrictEqual({ byId: all, byCpf: [all], byCpfs: [all] });
    expect(await read("staff")).toStrictEqual({ byId: clear, byCpf: [clear], byCpfs: [clear] });
    expect(await read("admin")).toStrictEqual({ byId: expected, byCpf: [expected], byCpfs: [expected] });

    // Written by another app server (here: straight to the table), a policy applies within API_AUTH_CACHE_MS (5 s).
    await db.maskingPolicy.update({
      where: { instanceId_role: { instanceId: catalog.instanceId, role: "staff" } },
      data: { maskedFields: ["phone"] },
    });
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    try {
      expect(await read("staff")).toStrictEqual({ byId: clear, byCpf: [clear], byCpfs: [clear] });
      vi.setSystemTime(Date.now() + 5_001);
      const phoneOnly = withMasks({ Telefone: contactMasks.Telefone });
      expect(await read("staff")).toStrictEqual({ byId: phoneOnly, byCpf: [phoneOnly], byCpfs: [phoneOnly] });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("timestamps formatted in Node", () => {
  it("equal to_char(x AT TIME ZONE 'UTC', …) for every millisecond form, offset and time zone", async () => {
    const instants = [
      "2026-11-25T10:00:00.000Z",
      "2026-11-25T10:00:00.100Z",
      "2026-11-25T10:00:00.120Z",
      "2026-11-25T10:00:00.123Z",
      "2026-11-25T23:59:59.999Z",
      "2026-02-28T03:30:00.010Z",
      "2024-02-29T00:00:00.001Z",
      "1999-12-31T23:59:59.500Z",
      "1890-01-01T12:00:00.000Z",
      "0099-06-15T08:00:00.000Z",
    ];
    const session = await defaultSession();
    for (const zone of ["UTC", "America/Sao_Paulo", "Asia/Kolkata", "America/St_Johns", "Pacific/Chatham"]) {
      const { rows } = await session.transaction(async (sql) => {
        await sql(`SELECT set_config('TimeZone', '${zone}', true)`);
        return sql<{ text: string; json: string; expected: string }>(
          `SELECT x::text AS "text", json_build_array(x)::text AS "json", ${isoSql("x")} AS "expected"
           FROM unnest($1::timestamptz(3)[]) AS x`,
          [instants],
        );
      });
      expect(rows).toHaveLength(instants.length);
      for (const row of rows) {
        expect(isoFromPg(row.text), `${zone} ${row.text}`).toBe(row.expected);
        expect(isoFromPg((JSON.parse(row.json) as string[])[0]!), `${zone} ${row.json}`).toBe(row.expected);
      }
      expect(rows.map((row) => row.expected)).toEqual(instants);
    }
  });
});

describe("the read view's step (issue 22: the product's own status → step map)", () => {
  it("is the product's mapped step, else the status's step only when it is this product's, else null", async () => {
    const statusId = catalog.statusIds["Novo"];
    const statusStepId = (await db.status.findUniqueOrThrow({ where: { id: statusId } })).stepId;
    expect(statusStepId).not.toBeNull(); // the seed's "Novo" stands for a step of the sample product
    // Two more products on the same shared status: one maps it to its own step, one has no map.
    // The step and its map are made in Settings (the use-case), which this server's reads see at once.
    const mapped: { id: number; steps: Array<{ id: number }> } = {
      ...(await db.product.create({ data: { instanceId: catalog.instanceId, name: "Mapeado" } })),
      steps: [],
    };
    const unmapped = await db.product.create({ data: { instanceId: catalog.instanceId, name: "Sem mapa" } });
    const ownStep = await createStep(
      { actor },
      { productId: mapped.id, step: { name: "Etapa própria", order: 1, status_ids: [statusId] } },
    );
    mapped.steps = [ownStep];
    const onMapped = await createDocument({ actor }, { status_id: statusId, product_id: mapped.id, cpf: CPF });
    const onUnmapped = await createDocument({ actor }, { status_id: statusId, product_id: unmapped.id, cpf: CPF });
    const onSample = await createDocument({ actor }, { status_id: statusId, product_id: catalog.productId, cpf: CPF });

    const step = async (id: number) =>
      (
        JSON.parse(await loadDocumentById(catalog.instanceId, id)) as {
          step: { id: number; product_id: number } | null;
        }
      ).step;
    expect(await step(onMapped.id)).toMatchObject({
      id: mapped.steps[0]!.id,
      product_id: mapped.id,
      name: "Etapa própria",
    });
    expect(await step(onUnmapped.id)).toBeNull();
    expect(await step(onSample.id)).toMatchObject({ id: statusStepId, product_id: catalog.productId });
    // loadByCPF reads the same view.
    const byCpf = JSON.parse(await loadDocumentsByCpf(catalog.instanceId, [CPF], [])) as {
      id: number;
      step: { id: number } | null;
    }[];
    const stepOf = (id: number) => byCpf.find((view) => view.id === id)?.step?.id ?? null;
    expect([stepOf(onMapped.id), stepOf(onUnmapped.id), stepOf(onSample.id)]).toEqual([
      mapped.steps[0]!.id,
      null,
      statusStepId,
    ]);
  });
});

describe("the step map held per server (issue 17, fifth pass: read-step-cache.ts)", () => {
  it("a change in Settings shows in the next read; one written by another server within API_AUTH_CACHE_MS", async () => {
    const statusId = catalog.statusIds["Novo"];
    const status = await db.status.findUniqueOrThrow({ where: { id: statusId } });
    const own = await db.productStep.findUniqueOrThrow({ where: { id: status.stepId! } });
    const document = await createDocument({ actor }, { status_id: statusId, product_id: own.productId, cpf: CPF });
    const step = async () => {
      const byId = (JSON.parse(await loadDocumentById(catalog.instanceId, document.id)) as { step: unknown }).step;
      const byCpf = (JSON.parse(await loadDocumentsByCpf(catalog.instanceId, [CPF], [])) as ViewWithStep[]).find(
        (view) => view.id === document.id,
      )!.step;
      expect(byCpf, "loadByCPF shows the step loadById shows").toStrictEqual(byId);
      return byId;
    };
    type ViewWithStep = { id: number; step: unknown };
    const shown = { id: own.id, product_id: own.productId, name: own.name, order: own.order };
    expect(await step()).toStrictEqual(shown); // the map is held from here on

    // Renamed and moved in Settings.
    await updateStep({ actor }, { productId: own.productId, id: own.id, changes: { name: "Triagem nova", order: 7 } });
    expect(await step()).toStrictEqual({ ...shown, name: "Triagem nova", order: 7 });
    // A new step of the product takes the status in the product's map.
    const added = await createStep(
      { actor },
      { productId: own.productId, step: { name: "Conferência", order: 9, status_ids: [statusId] } },
    );
    expect(await step()).toStrictEqual({ id: added.id, product_id: own.productId, name: "Conferência", order: 9 });
    // The map's step moved back to the first one (update with status_ids).
    await updateStep({ actor }, { productId: own.productId, id: own.id, changes: { status_ids: [statusId] } });
    expect(await step()).toMatchObject({ id: own.id, name: "Triagem nova" });
    await updateStep({ actor }, { productId: own.productId, id: added.id, changes: { status_ids: [statusId] } });
    expect(await step()).toMatchObject({ id: added.id });
    // Deleted: its map rows go with it, the status's own step shows again.
    await deleteStep({ actor }, { productId: own.productId, id: added.id });
    expect(await step()).toStrictEqual({ ...shown, name: "Triagem nova", order: 7 });

    // The status's own step is read with the status by every statement: a change shows at once.
    await db.status.update({ where: { id: statusId }, data: { stepId: null } });
    expect(await step()).toBeNull();
    await db.status.update({ where: { id: statusId }, data: { stepId: own.id } });
    expect(await step()).toMatchObject({ id: own.id });

    // Written by another app server (here: straight to the table), the map applies within API_AUTH_CACHE_MS (5 s).
    await db.productStep.update({ where: { id: own.id }, data: { name: "Outro servidor" } });
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    try {
      expect(await step()).toMatchObject({ name: "Triagem nova" });
      vi.setSystemTime(Date.now() + 5_001);
      expect(await step()).toMatchObject({ name: "Outro servidor" });
    } finally {
      vi.useRealTimers();
    }
  });
});
