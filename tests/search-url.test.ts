import { describe, expect, it } from "vitest";
import { DEFAULT_LIST_QUERY, listQueryToParams, parseListQuery } from "@/lib/documents/search-url.ts";

// The list's URL state (issue 21): the list opens on "mais urgentes primeiro" and a sort's default direction is left
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
