import "server-only";
import { rawQuery } from "../../db/raw-query.ts";
import { invalid, notFound } from "../../errors/app-error.ts";
import type { Role } from "../../auth/roles.ts";
import { isPersonalField, maskPersonalValue, type PersonalField } from "../mask.ts";
import { readViewByIdSql, readViewsByCpfSql, type PersonalData } from "../read-view-sql.ts";

/**
 * Whose personal data a read shows: in clear, or masked as this role's masking policy says. A masked read is the
 * same one statement with the policy's fields in one more column, masked here in the views PostgreSQL built
 * (JSON.parse + mask + JSON.stringify: ~0.01 ms of CPU for one view, ~0.06 ms for an identifier's ten, where the
 * same masks in SQL cost PostgreSQL 0.03–0.12 ms — issue 17, docs/decisions.md "Masking on the document API").
 */
export type ReadMasking = { personal: "clear" } | { personal: "masked"; role: Role };
const CLEAR: ReadMasking = { personal: "clear" };
/** The role parameter a masked read's statement takes last. */
export const maskingParams = (masking: ReadMasking) => (masking.personal === "masked" ? [masking.role] : []);

/** The statement shape for this masking: the views alone, or with the role's policy fields. */
export function statementShape(masking: ReadMasking): PersonalData {
  return masking.personal === "clear" ? "clear" : "policy";
}

const PERSONAL_KEYS: Array<[string, PersonalField]> = [
  ["CPF", "cpf"],
  ["Email", "email"],
  ["Telefone", "phone"],
  ["Cliente", "name"],
];

/** A "policy" statement's views (JSON text of one view or an array) with the policy's fields masked. */
export function maskViewsText(text: string, policyFields: string[] | null): string {
  const fields = new Set((policyFields ?? []).filter(isPersonalField));
  if (fields.size === 0) return text;
  const parsed = JSON.parse(text) as unknown;
  for (const view of (Array.isArray(parsed) ? parsed : [parsed]) as Array<{
    fields_to_show?: Record<string, unknown>;
  }>) {
    const shown = view.fields_to_show;
    if (!shown) continue;
    for (const [key, field] of PERSONAL_KEYS) if (fields.has(field)) shown[key] = maskPersonalValue(field, shown[key]);
  }
  return JSON.stringify(parsed);
}

/** document/loadById: the read view as JSON text (built by PostgreSQL in one statement), or 404. */
export async function loadDocumentById(instanceId: number, id: number, masking = CLEAR): Promise<string> {
  const shape = statementShape(masking);
  const {
    rows: [row],
  } = await rawQuery<{ view: string; masked?: string[] | null }>(readViewByIdSql(shape), [
    id,
    instanceId,
    ...maskingParams(masking),
  ]);
  if (!row) throw notFound("Provided id parameter not exists on database");
  return shape === "policy" ? maskViewsText(row.view, row.masked ?? null) : row.view;
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
  const shape = statementShape(masking);
  const {
    rows: [row],
  } = await rawQuery<{ views: string; known: string[] | null; masked?: string[] | null }>(
    readViewsByCpfSql(one ? "one" : "many", filtered, shape),
    [instanceId, one ? cpfs[0] : cpfs, ...(filtered ? [categories] : []), ...maskingParams(masking)],
  );
  const knownKeys = new Set(row?.known ?? []);
  const unknown = categories.filter((key) => !knownKeys.has(key));
  if (unknown.length > 0) {
    throw invalid(`Unknown categories: ${unknown.join(", ")} (known: ${[...knownKeys].join(", ")})`, [
      { path: "categories", message: `Unknown category: ${unknown.join(", ")}` },
    ]);
  }
  return shape === "policy" ? maskViewsText(row!.views, row!.masked ?? null) : row!.views;
}
