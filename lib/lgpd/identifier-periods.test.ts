// Which values of a document's history were a former holder's: the fields changed with the correction, as they were
// while the identifier was hers; everything the correction left alone stays with the current owner.
import { describe, expect, it } from "vitest";
import { formerPeriods, maskPositions, valueAt, type HistoryEntry } from "./identifier-periods.ts";

const row = (id: number, changes: HistoryEntry["changes"]): HistoryEntry => ({
  id: String(id),
  createdAt: `2026-12-0${id}T12:00:00.000Z`,
  changes,
});

const created = row(1, [
  { field: "status_id", before: null, after: 1 },
  { field: "cpf", before: null, after: "111.444.777-35" },
  { field: "name", before: null, after: "Diana Dias" },
  { field: "email", before: null, after: "ana@example.org" },
  { field: "filled_columns", before: null, after: { renda: "r-ana", agencia: "0001" } },
]);

describe("formerPeriods", () => {
  it("gives the holder the corrected fields' values of her period, and leaves the untouched ones to the owner", () => {
    const history = [
      created,
      row(2, [{ field: "email", before: "ana@example.org", after: "ana2@example.org" }]),
      row(3, [
        { field: "cpf", before: "111.444.777-35", after: "12345678909" },
        { field: "email", before: "ana2@example.org", after: "bia@example.net" },
        { field: "filled_columns.renda", before: "r-ana", after: "r-bia" },
        { field: "status_id", before: 1, after: 2 },
      ]),
      row(4, [{ field: "email", before: "bia@example.net", after: "bia2@example.net" }]),
    ];
    const [period, ...others] = formerPeriods(history);
    expect(others).toEqual([]);
    expect(period).toMatchObject({
      identifier: "11144477735",
      correctionRowId: "3",
      correctedAt: "2026-12-03T12:00:00.000Z",
      // The name was not corrected: it is the current owner's (typed under the wrong CPF). Workflow fields stay too.
      values: { cpf: "111.444.777-35", email: "ana2@example.org", "filled_columns.renda": "r-ana" },
    });
    const held = period!.positions.map((position) => valueAt(history, position));
    expect(held.sort()).toEqual(
      [
        "111.444.777-35",
        "111.444.777-35",
        "ana@example.org",
        "ana@example.org",
        "ana2@example.org",
        "ana2@example.org",
        "r-ana",
        "r-ana",
      ].sort(),
    );
    // Nothing of the later owner's rows, and her values masked leave the owner's in clear.
    expect(period!.positions.some((position) => position.rowId === "4")).toBe(false);
    const masked = history.map((entry) => maskPositions(entry, period!.positions, "***"));
    const text = JSON.stringify(masked);
    for (const gone of ["111.444.777-35", "ana@example.org", "ana2@example.org", "r-ana"])
      expect(text).not.toContain(gone);
    for (const kept of ["12345678909", "Diana Dias", "bia@example.net", "r-bia", "0001"]) expect(text).toContain(kept);
    // The input is not changed.
    expect(JSON.stringify(history)).toContain("ana@example.org");
  });

  it("follows a chain A → B → C: each former holder gets her own period; punctuation alone changes no one", () => {
    const history = [
      row(1, [
        { field: "cpf", before: null, after: "A1" },
        { field: "name", before: null, after: "Ana" },
      ]),
      row(2, [{ field: "cpf", before: "A1", after: "a-1" }]),
      row(3, [
        { field: "cpf", before: "a-1", after: "B2" },
        { field: "name", before: "Ana", after: "Bia" },
      ]),
      row(4, [
        { field: "cpf", before: "B2", after: "C3" },
        { field: "phone", before: "111", after: "333" },
      ]),
    ];
    const periods = formerPeriods(history);
    expect(periods.map((period) => [period.identifier, period.correctionRowId, period.values])).toEqual([
      ["A1", "3", { cpf: "a-1", name: "Ana" }],
      ["B2", "4", { cpf: "B2", phone: "111" }],
    ]);
    // B's period starts at the correction that gave her the record: its `after` side only.
    expect(periods[1]!.positions).toEqual([
      { rowId: "3", index: 0, side: "after" },
      { rowId: "4", index: 0, side: "before" },
      { rowId: "4", index: 1, side: "before" },
    ]);
  });

  it("ignores entries of another shape and a history that never corrected the identifier", () => {
    expect(formerPeriods([created, row(2, [null, { field: "name", before: "Diana Dias", after: "Di" }])])).toEqual([]);
  });
});
