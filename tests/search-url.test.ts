import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  DEFAULT_LIST_QUERY,
  columnUrlKeys,
  listQueryFromValues,
  listQueryToParams,
  listQueryToValues,
  parseListQuery,
} from "@/lib/documents/search-url.ts";
import { listQueryToParams as legacyWrite, parseListQuery as legacyParse } from "./fixtures/legacy-search-url.ts";

// The list's URL state: the list opens on "mais urgentes primeiro" and a sort's default direction is left
// out of the URL, while an explicit one survives a round trip.
describe("list URL state", () => {
  it("opens on urgency, most urgent first, with a short URL", () => {
    expect(parseListQuery(new URLSearchParams(""))).toEqual(DEFAULT_LIST_QUERY);
    expect(DEFAULT_LIST_QUERY).toMatchObject({ sort: "urgency", direction: "asc" });
    expect(listQueryToParams(DEFAULT_LIST_QUERY).toString()).toBe("");
  });

  it("other sorts keep newest first by default and round-trip an explicit direction", () => {
    expect(parseListQuery(new URLSearchParams("sort=created_at"))).toMatchObject({ direction: "desc" });
    for (const search of ["sort=created_at", "sort=created_at&dir=asc", "dir=desc", "cat=primary&page=2"]) {
      const query = parseListQuery(new URLSearchParams(search));
      expect(parseListQuery(listQueryToParams(query))).toEqual(query);
      expect(listQueryToParams(query).toString()).toBe(search);
    }
  });
});

// The move to nuqs keeps the URL shape: every URL the hand-written reader accepted parses to the
// same query, and writing it back gives the same URL (saved links, bookmarks and the filter form's names).
describe("list URL state on nuqs keeps the old URL shape", () => {
  const shapes = [
    "",
    "cpf=123.456.789-09",
    "cpf=%20%2012345678909%20",
    "cpf=",
    "cat=primary&cat=valid&cat=primary&cat=",
    "product=1&status=3&status=5&status=3&status=x&modality=2",
    "product=0&modality=-1&status=0",
    "from=2026-03-01&to=2026-03-31&sla=late",
    "from=2026-02-30&to=yesterday&sla=soon",
    "resp=me&state=open&due=2026-03-31&done_from=2026-03-30",
    "resp=none",
    "resp=7",
    "resp=someone&state=late&due=2026-02-30",
    "product=1&col.contains.placa=ABC&col.min.valor_segurado=1000&col.max.valor_segurado=2500.5",
    "product=1&col.eq.cor=azul%20claro&col.min.vigencia=2026-01-01&col.max.vigencia=2026-12-31",
    "product=1&col.eq.x=a&col.eq.x=b&col.eq.x=",
    "product=1&col.contains.placa=&col.min.valor=-3&col.max.valor=1e5",
    "col.contains.placa=ABC",
    "product=2&col.contains.%C3%A1rea=S%C3%A3o%20Paulo&col.eq.a.b=c",
    "product=1&col.nope.placa=1&col.contains.=x",
    "sort=protocol&dir=asc&page=2&size=50",
    "sort=urgency&dir=desc&page=0&size=5000",
    "sort=bogus&dir=up&page=abc&size=-1",
    "sort=created_at",
    "status=3&cpf=1&page=3&cat=valid&product=4&sort=protocol",
    "unrelated=1&cpf=9",
  ];

  it.each(shapes)("%s", (search) => {
    const before = legacyParse(new URLSearchParams(search));
    const after = parseListQuery(new URLSearchParams(search));
    expect(after).toEqual(before);
    expect(listQueryToParams(after).toString()).toBe(legacyWrite(before).toString());
    expect(parseListQuery(listQueryToParams(after))).toEqual(after);
  });

  it("agrees with the old reader and writer on generated URLs", () => {
    const key = fc.constantFrom(
      "cpf",
      "cat",
      "product",
      "status",
      "modality",
      "from",
      "to",
      "sla",
      "resp",
      "state",
      "due",
      "done_from",
      "sort",
      "dir",
      "page",
      "size",
      "col.eq.placa",
      "col.contains.placa",
      "col.min.valor",
      "col.max.valor",
      "col.min.dia",
      "col.eq.cor",
      "col.bad.x",
      "other",
    );
    const value = fc.oneof(
      fc.constantFrom("", "1", "2", "0", "-1", "7", "me", "none", "asc", "desc", "protocol", "urgency", "late"),
      fc.constantFrom("primary", "valid", "2026-03-01", "2026-02-30", "12.5", "abc", " 123 ", "1e3", "open"),
      fc.string({ maxLength: 6 }),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(key, value), { maxLength: 10 }), (pairs) => {
        // "modality=none" (documents without a modality) came after the old reader, which dropped it.
        fc.pre(!pairs.some(([name, text]) => name === "modality" && text === "none"));
        const params = new URLSearchParams(pairs);
        const before = legacyParse(params);
        const after = parseListQuery(params);
        expect(after).toEqual(before);
        expect(listQueryToParams(after).toString()).toBe(legacyWrite(before).toString());
      }),
      { numRuns: 400 },
    );
  });

  it("reads and writes the dashboard charts' filters: days late, finished until, with SLA, no modality", () => {
    const search =
      "modality=none&state=finished&done_from=2026-06-01&done_to=2026-06-30&late_min=7&late_max=15&com_sla=1";
    const query = parseListQuery(new URLSearchParams(search));
    expect(query.filters).toEqual({
      modality_id: "none",
      state: "finished",
      finished_from: "2026-06-01",
      finished_to: "2026-06-30",
      late_days_min: 7,
      late_days_max: 15,
      with_sla: true,
    });
    expect(parseListQuery(listQueryToParams(query))).toEqual(query);
    // A backwards range is dropped, the rest of the search stays.
    expect(parseListQuery(new URLSearchParams("late_min=15&late_max=7&state=open")).filters).toEqual({
      state: "open",
      late_days_min: 15,
    });
  });

  it("a typed value round trip names only the keys it sets and clears the column keys it drops", () => {
    const query = parseListQuery(new URLSearchParams("product=1&col.contains.placa=ABC&page=3"));
    const values = listQueryToValues({ ...query, filters: { product_id: 1 }, page: 1 }, columnUrlKeys(["placa"]));
    expect(values).toMatchObject({ product: 1, page: null, "col.contains.placa": null, "col.eq.placa": null });
    expect(listQueryFromValues(values).filters).toEqual({ product_id: 1 });
  });
});
