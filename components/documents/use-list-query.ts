"use client";

import { useQueryStates } from "nuqs";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import {
  columnUrlKeys,
  listQueryFromValues,
  listQueryToParams,
  listQueryToValues,
  listUrlParsers,
  queryColumnKeys,
  urlColumnNames,
  type ListQuery,
} from "@/lib/documents/search-url.ts";

export type SetListQuery = (next: ListQuery | ((current: ListQuery) => ListQuery)) => void;

/**
 * The documents list's query as typed URL state (nuqs). nuqs keeps the state in memory first and
 * batches the URL writes, and a functional update gets the state with every earlier update applied, so two quick
 * updates (a search, then a chip) build on each other instead of the second undoing the first.
 * The key map names the column keys (`col.<op>.<column>`) the URL holds; a query that writes a column key outside it
 * (a new column filter) first widens the map, then writes. The products' columns are not added up front: the filter
 * options arriving would change the map, and so the query object, after the list has rendered.
 * `urlSearch` is the page's current query string (Next's useSearchParams): it tells which column keys the URL holds.
 * Returns the query, its setter and the query's canonical URL text (a React key for "a new search").
 */
export function useListQuery(urlSearch: string): [ListQuery, SetListQuery, string] {
  const urlColumns = urlColumnNames(new URLSearchParams(urlSearch)).join("\u0000");
  const [extraKeys, setExtraKeys] = useState<string[]>([]);
  const pending = useRef<ListQuery | null>(null);
  const columnKeysText = [
    ...new Set([...columnUrlKeys(urlColumns ? urlColumns.split("\u0000") : []), ...extraKeys]),
  ].join("\u0000");
  const parsers = useMemo(() => listUrlParsers(columnKeysText ? columnKeysText.split("\u0000") : []), [columnKeysText]);
  const [values, setValues] = useQueryStates(parsers, { history: "push", scroll: false });
  const query = useMemo(() => listQueryFromValues(values), [values]);

  const setQuery = useCallback<SetListQuery>(
    (next) => {
      void setValues((current) => {
        const target = typeof next === "function" ? next(listQueryFromValues(current)) : next;
        const missing = queryColumnKeys(target).filter((key) => !(key in parsers));
        if (missing.length) {
          pending.current = target;
          setExtraKeys((keys) => [...keys, ...missing]);
          return {};
        }
        return listQueryToValues(target, Object.keys(current));
      });
    },
    [setValues, parsers, setExtraKeys],
  );
  // The map now names the keys a deferred write needed: write it.
  useEffect(() => {
    const target = pending.current;
    if (target && queryColumnKeys(target).every((key) => key in parsers)) {
      pending.current = null;
      setQuery(target);
    }
  }, [parsers, setQuery]);

  const paramsKey = useMemo(() => listQueryToParams(query).toString(), [query]);
  return [query, setQuery, paramsKey];
}
