import "server-only";
import { rawQuery } from "../../db/raw-query.ts";
import { invalid, notFound } from "../../errors/app-error.ts";
import type { Role } from "../../auth/roles.ts";
import { readViewByIdSql, readViewsByCpfSql } from "../read-view-sql.ts";

/**
 * Whose personal data a read shows: in clear, or masked as this role's masking policy says (the database masks it
 * while building the view, lib/documents/mask-sql.ts).
 */
export type ReadMasking = { personal: "clear" } | { personal: "masked"; role: Role };
const CLEAR: ReadMasking = { personal: "clear" };
/** The role parameter a masked statement takes last. */
export const maskingParams = (masking: ReadMasking) => (masking.personal === "masked" ? [masking.role] : []);

/** document/loadById: the read view as JSON text (built by PostgreSQL in one statement), or 404. */
export async function loadDocumentById(instanceId: number, id: number, masking = CLEAR): Promise<string> {
  const {
    rows: [row],
  } = await rawQuery<{ view: string }>(readViewByIdSql(masking.personal), [id, instanceId, ...maskingParams(masking)]);
  if (!row) throw notFound("Provided id parameter not exists on database");
  return row.view;
}

/**
 * document/loadByCPF: identical match on any of the given identifiers, optionally within categories; newest first.
 * One statement returns the views (JSON text) and the instance's category keys, so an unknown key is a 400.
 */
export async function loadDocumentsByCpf(
  instanceId: number,
  cpfs: string[],
  categories: string[],
  masking = CLEAR,
): Promise<string> {
  const one = cpfs.length === 1;
  const filtered = categories.length > 0;
  const {
    rows: [row],
  } = await rawQuery<{ views: string; known: string[] | null }>(readViewsByCpfSql(one ? "one" : "many", filtered, masking.personal),
    [instanceId, one ? cpfs[0] : cpfs, ...(filtered ? [categories] : []), ...maskingParams(masking)],
  );
  const knownKeys = new Set(row?.known ?? []);
  const unknown = categories.filter((key) => !knownKeys.has(key));
  if (unknown.length > 0) {
    throw invalid(`Unknown categories: ${unknown.join(", ")} (known: ${[...knownKeys].join(", ")})`, [
      { path: "categories", message: `Unknown category: ${unknown.join(", ")}` },
    ]);
  }
  return row!.views;
}
