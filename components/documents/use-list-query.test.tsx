// @vitest-environment happy-dom
// The documents list's typed URL state (nuqs): two quick updates (a search typed, then a chip removed)
// both reach the URL; a column key no map named yet is still written; a saved link's column filters are read back.
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { NuqsTestingAdapter, type UrlUpdateEvent } from "nuqs/adapters/testing";
import { afterEach, describe, expect, it } from "vitest";
import { listQueryToParams, parseListQuery } from "@/lib/documents/search-url.ts";
import { useListQuery } from "./use-list-query.ts";

function Harness({ initial, stale }: { initial: string; stale: boolean }) {
  const [query, setQuery, paramsKey] = useListQuery(initial);
  return (
    <div>
      <output aria-label="query">{paramsKey}</output>
      <button
        type="button"
        onClick={() =>
          stale
            ? // How the page wrote before: a new query built from this render's query.
              setQuery({ ...query, filters: { ...query.filters, cpf: "12345678909" }, page: 1 })
            : setQuery((current) => ({ ...current, filters: { ...current.filters, cpf: "12345678909" }, page: 1 }))
        }
      >
        buscar
      </button>
      <button
        type="button"
        onClick={() =>
          (stale ? (next: (q: typeof query) => typeof query) => setQuery(next(query)) : setQuery)((current) => ({
            ...current,
            filters: { ...current.filters, columns: undefined },
            page: 1,
          }))
        }
      >
        tirar placa
      </button>
      <button
        type="button"
        onClick={() =>
          setQuery((current) => ({
            ...current,
            filters: { ...current.filters, product_id: 1, columns: [{ key: "chassi", contains: "9BW" }] },
          }))
        }
      >
        chassi
      </button>
    </div>
  );
}

function setup(initial: string, stale = false) {
  const updates: string[] = [];
  const onUrlUpdate = (event: UrlUpdateEvent) => updates.push(event.queryString.replace(/^\?/, ""));
  render(
    <NuqsTestingAdapter searchParams={initial} hasMemory rateLimitFactor={1} onUrlUpdate={onUrlUpdate}>
      <Harness initial={initial} stale={stale} />
    </NuqsTestingAdapter>,
  );
  return updates;
}

const START = "cat=primary&cat=valid&product=1&col.contains.placa=ABC&page=3";

afterEach(cleanup);

describe("useListQuery (nuqs)", () => {
  it("reads a saved link's column filters", () => {
    setup("product=1&col.min.valor=1000&col.contains.placa=ABC&sort=protocol");
    expect(parseListQuery(new URLSearchParams(screen.getByLabelText("query").textContent ?? ""))).toMatchObject({
      sort: "protocol",
      filters: {
        product_id: 1,
        columns: [
          { key: "valor", min: 1000 },
          { key: "placa", contains: "ABC" },
        ],
      },
    });
  });

  it("two quick updates (search, then a chip) both reach the URL, in one batched write", async () => {
    const updates = setup(START);
    act(() => {
      fireEvent.click(screen.getByRole("button", { name: "buscar" }));
      fireEvent.click(screen.getByRole("button", { name: "tirar placa" }));
    });
    const expected = "cpf=12345678909&cat=primary&cat=valid&product=1";
    await waitFor(() => expect(updates.at(-1)).toBeDefined());
    // The address bar may list the keys in another order than a written link; the set of pairs is the same.
    const pairs = (search: string) => [...new URLSearchParams(search)].map((pair) => pair.join("=")).sort();
    expect(pairs(updates.at(-1)!)).toEqual(pairs(expected));
    expect(updates).toHaveLength(1);
    expect(listQueryToParams(parseListQuery(new URLSearchParams(updates.at(-1)))).toString()).toBe(expected);
    expect(screen.getByLabelText("query").textContent).toBe(expected);
  });

  it("the harness sees clobbering: built from the render's query, the second update undoes the first", async () => {
    const updates = setup(START, true);
    act(() => {
      fireEvent.click(screen.getByRole("button", { name: "buscar" }));
      fireEvent.click(screen.getByRole("button", { name: "tirar placa" }));
    });
    await waitFor(() => expect(updates.at(-1)).toBeDefined());
    expect(parseListQuery(new URLSearchParams(updates.at(-1))).filters.cpf).toBeUndefined();
  });

  it("writes a column key that no product and no URL named yet", async () => {
    const updates = setup("cat=valid");
    act(() => fireEvent.click(screen.getByRole("button", { name: "chassi" })));
    await waitFor(() => expect(updates.some((update) => update.includes("col.contains.chassi=9BW"))).toBe(true));
    expect(listQueryToParams(parseListQuery(new URLSearchParams(updates.at(-1)))).toString()).toBe(
      "cat=valid&product=1&col.contains.chassi=9BW",
    );
  });
});
