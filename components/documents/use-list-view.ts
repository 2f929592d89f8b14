"use client";
// Density and column visibility of the documents list, remembered per user in this browser's localStorage under a
// key with the user's id (docs/decisions/0020-documents-list-search.md: no server round trip, nothing personal stored).
import { useCallback, useMemo, useSyncExternalStore } from "react";

export const OPTIONAL_COLUMNS = ["cpf", "name", "assignee", "product", "modality", "created_at", "sla_end"] as const;
export type OptionalColumn = (typeof OPTIONAL_COLUMNS)[number];
export type Density = "compact" | "comfortable";
export type ListView = { density: Density; hidden: OptionalColumn[] };

export function listViewStorageKey(userId: number | null): string {
  return `docflow:documents-list-view:${userId ?? "token"}`;
}

/** A new user's view: the facts a queue is worked by; modality and creation date are a tick away in "Exibição"
 * (every ticked column is drawn, so the default keeps a laptop's table within the screen). */
const DEFAULT_VIEW: ListView = { density: "compact", hidden: ["modality", "created_at"] };

function parse(raw: string | null): ListView {
  if (raw === null) return DEFAULT_VIEW;
  try {
    const stored = JSON.parse(raw ?? "null") as Partial<ListView> | null;
    return {
      density: stored?.density === "comfortable" ? "comfortable" : "compact",
      hidden: Array.isArray(stored?.hidden)
        ? stored.hidden.filter((column): column is OptionalColumn =>
            (OPTIONAL_COLUMNS as readonly string[]).includes(column),
          )
        : [],
    };
  } catch {
    return DEFAULT_VIEW;
  }
}

// Changes made in this tab notify its subscribers; other tabs' changes arrive as "storage" events.
const listeners = new Set<() => void>();
function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The user's list view; the defaults render on the server and the stored choice applies on hydration. */
export function useListView(userId: number | null) {
  const key = listViewStorageKey(userId);
  const raw = useSyncExternalStore(
    subscribe,
    () => readStorage(key),
    () => null,
  );
  const view = useMemo(() => parse(raw), [raw]);
  const update = useCallback(
    (next: ListView) => {
      try {
        window.localStorage.setItem(key, JSON.stringify(next));
      } catch {
        // A full or disabled storage only means the choice is not remembered.
      }
      for (const listener of listeners) listener();
    },
    [key],
  );
  return [view, update] as const;
}
