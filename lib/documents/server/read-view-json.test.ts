// The read view built in Node from a read statement's row (read-view-json.ts): timestamps as to_char wrote them,
// the original's names and defaults, masking by the given fields. tests/read-view-sql.db.test.ts compares whole views
// with the Prisma serializer on both engines; this covers the pure parts and their edge cases.
import { describe, expect, it } from "vitest";
import type { ReadViewRow } from "@/lib/documents/read-view-sql.ts";
import { READ_VIEW_KEYS } from "@/tests/helpers/read-view-keys.ts";
import { isoFromPg, readViewJson, readViewOf, readViewsJson } from "./read-view-json.ts";
import { rememberStepMap, stepOf } from "./read-step-cache.ts";

describe("isoFromPg", () => {
  it("rewrites UTC text in place, padding or truncating to milliseconds as to_char's MS does", () => {
    expect(isoFromPg("2026-11-25 10:00:00+00")).toBe("2026-11-25T10:00:00.000Z");
    expect(isoFromPg("2026-11-25 10:00:00.1+00")).toBe("2026-11-25T10:00:00.100Z");
    expect(isoFromPg("2026-11-25 10:00:00.12+00")).toBe("2026-11-25T10:00:00.120Z");
    expect(isoFromPg("2026-11-25 10:00:00.123+00")).toBe("2026-11-25T10:00:00.123Z");
    expect(isoFromPg("2026-11-25 10:00:00.123999+00")).toBe("2026-11-25T10:00:00.123Z");
    expect(isoFromPg("2026-11-25T10:00:00.5+00:00")).toBe("2026-11-25T10:00:00.500Z");
    expect(isoFromPg("2026-11-25T10:00:00+00:00")).toBe("2026-11-25T10:00:00.000Z");
    expect(isoFromPg(null)).toBeNull();
  });

  it("converts other offsets (hours, half hours, seconds) to UTC", () => {
    expect(isoFromPg("2026-11-25 07:00:00.12-03")).toBe("2026-11-25T10:00:00.120Z");
    expect(isoFromPg("2026-11-25T15:30:00.5+05:30")).toBe("2026-11-25T10:00:00.500Z");
    expect(isoFromPg("2026-01-01 00:10:00-03:30")).toBe("2026-01-01T03:40:00.000Z");
    expect(isoFromPg("1890-01-01 08:53:32-03:06:28")).toBe("1890-01-01T12:00:00.000Z");
    expect(isoFromPg("2026-01-01 01:00:00+01")).toBe("2026-01-01T00:00:00.000Z");
    expect(isoFromPg("0099-06-15 08:00:00+00:00:00")).toBe("0099-06-15T08:00:00.000Z");
  });

  it("refuses text that is not an ISO timestamp (a DateStyle other than ISO)", () => {
    expect(() => isoFromPg("Wed Nov 25 10:00:00 2026 UTC")).toThrow(/Unexpected timestamp text/);
    expect(() => isoFromPg("11/25/2026 10:00:00+00")).toThrow(/Unexpected timestamp text/);
  });
});

const ROW: ReadViewRow = {
  id: 7,
  statusId: 3,
  uuid: "8c0e2a8e-6a55-4a4a-9d36-2f1d6f3f0a11",
  productId: 2,
  protocol: "20261125-000007",
  filledColumns: { placa: "ABC1D23", nested: { a: [1, null] } },
  dateTime: "2026-11-25 10:00:00.5+00",
  slaEndStatus: null,
  updatedAt: "2026-11-25 10:00:01+00",
  cpf: "390.533.447-05",
  email: "maria@example.com",
  phone: "+55 11 99999-1234",
  name: "Maria da Silva",
  source: "api",
  modalityIdentifier: null,
  createdAt: "2026-11-25 10:00:00.5+00",
  pName: "Seguro",
  pDescription: "",
  pSla: 1.5,
  pActive: true,
  pCreatedAt: "2026-01-01 00:00:00+00",
  pUpdatedAt: "2026-01-02 00:00:00.25+00",
  sName: "Novo",
  sDescription: "d",
  cKey: "primary",
  sCategoryId: 1,
  cLabel: "Entrada",
  sSla: null,
  sTextColor: "#000",
  sBgColor: "#fff",
  sOrder: 0,
  sStepId: 4,
  observations: [
    [11, "nota", "internal", "ana@example.com", "2026-11-25T10:00:02.1+00:00", null, false, null],
    [12, "oi", "customer", "token:x", "2026-11-25T10:00:03+00:00", "client", true, "a.pdf"],
  ],
  attachments: [
    [
      21,
      "uploaded",
      "a.pdf",
      "application/pdf",
      10,
      "ab",
      null,
      null,
      "x",
      "2026-11-25T10:00:04+00:00",
      "2026-11-25T10:00:05.01+00:00",
      null,
      null,
    ],
    [22, "pending", "b.pdf", null, 0, null, "Enviar", "RG", "y", "2026-11-25T10:00:06+00:00", null, null, null],
    [23, "linked", "c.pdf", null, 0, null, null, null, "z", "2026-11-25T10:00:07+00:00", null, "s3://b/c", "approved"],
  ],
};

// Instance 900001's step map: product 2 has steps 4 and 5 and maps status 9 to step 5; product 6 has step 8.
const STEPS = rememberStepMap(900_001, 0, {
  map: [[2, 9, 5]],
  steps: [
    [4, 2, "Triagem", 1],
    [5, 2, "Análise", 2],
    [8, 6, "Outra", 1],
  ],
});

describe("stepOf (the product's map, else the status's step when it is the product's)", () => {
  it("takes the product's mapped step over the status's own", () => {
    expect(stepOf(STEPS, 2, 9, 4)).toEqual({ id: 5, product_id: 2, name: "Análise", order: 2 });
    expect(stepOf(STEPS, 2, 9, null)).toEqual({ id: 5, product_id: 2, name: "Análise", order: 2 });
  });
  it("falls back to the status's step only when it belongs to the product", () => {
    expect(stepOf(STEPS, 2, 3, 4)).toEqual({ id: 4, product_id: 2, name: "Triagem", order: 1 });
    expect(stepOf(STEPS, 6, 3, 4)).toBeNull(); // step 4 is product 2's
    expect(stepOf(STEPS, 6, 9, 8)).toEqual({ id: 8, product_id: 6, name: "Outra", order: 1 }); // 9 mapped for 2 only
    expect(stepOf(STEPS, 2, 3, null)).toBeNull();
    expect(stepOf(STEPS, 2, 3, 77)).toBeNull(); // a step this map does not know
  });
  it("answers the step's keys in the read view's order", () => {
    expect(Object.keys(stepOf(STEPS, 2, 3, 4)!)).toEqual(["id", "product_id", "name", "order"]);
  });
});

describe("readViewOf", () => {
  it("answers the read view's keys in order, with the original's names and defaults", () => {
    const view = readViewOf(ROW, STEPS);
    expect(Object.keys(view)).toEqual(READ_VIEW_KEYS);
    expect(view).toMatchObject({
      date_time: "2026-11-25T10:00:00.500Z",
      sla_end_status: null,
      updated_at: "2026-11-25T10:00:01.000Z",
      fields_to_show: { CPF: "390.533.447-05", Cliente: "Maria da Silva", "Criado em": "2026-11-25T10:00:00.500Z" },
      product: { id: 2, sla: 1.5, created_at: "2026-01-01T00:00:00.000Z", updated_at: "2026-01-02T00:00:00.250Z" },
      status: { id: 3, category: "primary", category_label: "Entrada", step_id: 4 },
      step: { id: 4, product_id: 2, name: "Triagem", order: 1 },
    });
    expect(view.observation).toEqual([
      {
        id: 11,
        text: "nota",
        visibility: "internal",
        author: "ana@example.com",
        created_at: "2026-11-25T10:00:02.100Z",
        message: "nota",
        observation_from: "internal",
        send_communication: false,
        attachment_name: null,
        createdAt: "2026-11-25T10:00:02.100Z",
        user: { name: "ana@example.com" },
      },
      expect.objectContaining({
        id: 12,
        observation_from: "client",
        send_communication: true,
        attachment_name: "a.pdf",
      }),
    ]);
    expect(view.attachment.map((a) => [a.download_url, a.path, a.status, a.uploaded_at])).toEqual([
      ["/api/documents/7/attachments/21", "/api/documents/7/attachments/21", "in_analisys", "2026-11-25T10:00:05.010Z"],
      [null, null, "pending", null],
      [null, "s3://b/c", "approved", null],
    ]);
  });

  it("a document without step or children answers null and empty lists", () => {
    const view = readViewOf({ ...ROW, sStepId: null, observations: null, attachments: null }, STEPS);
    expect(view).toMatchObject({ step: null, observation: [], attachment: [], status: { step_id: null } });
  });

  it("masks only the fields it is given", () => {
    const shown = (fields: Array<"cpf" | "name" | "email" | "phone"> | null) =>
      readViewOf(ROW, STEPS, fields && new Set(fields)).fields_to_show;
    expect(shown(null)).toMatchObject({ CPF: "390.533.447-05", Email: "maria@example.com" });
    expect(shown(["cpf", "email", "phone"])).toMatchObject({
      CPF: "***.533.447-**",
      Email: "m****@e******.com",
      Telefone: "+** ** *****-1234",
      Cliente: "Maria da Silva",
    });
    expect(shown(["name"])).toMatchObject({ CPF: "390.533.447-05", Cliente: "M**** d* S****" });
  });

  it("JSON text of one view and of a list", () => {
    expect(JSON.parse(readViewJson(ROW, STEPS))).toEqual(JSON.parse(JSON.stringify(readViewOf(ROW, STEPS))));
    expect(readViewsJson([], STEPS)).toBe("[]");
    expect(JSON.parse(readViewsJson([ROW, { ...ROW, id: 8 }], STEPS)).map((v: { id: number }) => v.id)).toEqual([7, 8]);
  });
});
