import "server-only";
import { rawQuery } from "../../db/raw-query.ts";
import { invalid, notFound } from "../../errors/app-error.ts";
import type { Role } from "../../auth/roles.ts";
import {
  readViewByIdSql,
  readViewsByCpfSql,
  type PersonalData,
  type ReadViewRow,
  type StepData,
  type StepMapColumn,
} from "../read-view-sql.ts";
import { cachedReadPolicy, rememberReadPolicy } from "./read-policy-cache.ts";
import { cachedStepMap, rememberStepMap, stepMapGeneration, type StepMap } from "./read-step-cache.ts";
import { readViewJson, readViewsJson, type MaskedFields } from "./read-view-json.ts";

/**
 * Whose personal data a read shows: in clear, or masked as this role's masking policy says. The read is one statement
 * answering plain columns (lib/documents/read-view-sql.ts); the JSON is built and masked here
 * (lib/documents/server/read-view-json.ts). A masked read whose role's policy this server does not hold
 * (read-policy-cache.ts) sends the statement with the policy's fields in one more column; a read whose instance's
 * (product, status) → step map this server does not hold (read-step-cache.ts) sends it with the map in one more.
 */
export type ReadMasking = { personal: "clear" } | { personal: "masked"; role: Role };
const CLEAR: ReadMasking = { personal: "clear" };

/** The extra columns a read statement may answer (read-view-sql.ts). */
type Extras = { masked?: string | null; stepMap?: StepMapColumn | null };

/** How one read runs: which statement shape, its extra parameters, how to get the mask and the steps from its rows. */
type ReadPlan = {
  shape: PersonalData;
  steps: StepData;
  /** The role parameter a "policy" statement takes last. */
  params: unknown[];
  /** The fields to mask, given the statement's first row (null: no row). */
  masked: (row: Extras | undefined) => MaskedFields;
  /** The instance's step map, given the statement's first row (an empty map when there is no row: no view to show). */
  stepMap: (row: Extras | undefined) => StepMap;
};

const NO_STEPS: StepMap = { mapped: new Map(), steps: new Map() };

/** The read plan for this caller's masking on this instance. */
export function readPlan(instanceId: number, masking: ReadMasking): ReadPlan {
  const held = cachedStepMap(instanceId);
  const generation = held ? 0 : stepMapGeneration(instanceId);
  const steps: Pick<ReadPlan, "steps" | "stepMap"> = held
    ? { steps: "cached", stepMap: () => held }
    : {
        steps: "map",
        stepMap: (row) => (row?.stepMap ? rememberStepMap(instanceId, generation, row.stepMap) : NO_STEPS),
      };
  if (masking.personal === "clear") return { shape: "clear", params: [], masked: () => null, ...steps };
  const known = cachedReadPolicy(instanceId, masking.role);
  if (known) return { shape: "clear", params: [], masked: () => known, ...steps };
  return {
    shape: "policy",
    params: [masking.role],
    masked: (row) => (row?.masked == null ? null : rememberReadPolicy(instanceId, masking.role, row.masked)),
    ...steps,
  };
}

type Row = ReadViewRow & Extras;

/** document/loadById: the read view as JSON text (one statement), or 404. */
export async function loadDocumentById(instanceId: number, id: number, masking = CLEAR): Promise<string> {
  const plan = readPlan(instanceId, masking);
  const {
    rows: [row],
  } = await rawQuery<Row>(readViewByIdSql(plan.shape, plan.steps), [id, instanceId, ...plan.params]);
  if (!row) throw notFound("Provided id parameter not exists on database");
  return readViewJson(row, plan.stepMap(row), plan.masked(row));
}

/**
 * document/loadByCPF: identical match on any of the given identifiers, optionally within categories; newest first.
 * One statement returns the rows and, with categories, the instance's category keys, so an unknown key is a 400.
 */
export async function loadDocumentsByCpf(
  instanceId: number,
  cpfs: string[],
  categories: string[],
  masking = CLEAR,
): Promise<string> {
  const one = cpfs.length === 1;
  const filtered = categories.length > 0;
  const plan = readPlan(instanceId, masking);
  const { rows } = await rawQuery<Row & { known?: string[] | null }>(
    readViewsByCpfSql(one ? "one" : "many", filtered, plan.shape, plan.steps),
    [instanceId, one ? cpfs[0] : cpfs, ...(filtered ? [categories] : []), ...plan.params],
  );
  if (!filtered) return readViewsJson(rows, plan.stepMap(rows[0]), plan.masked(rows[0]));
  const knownKeys = new Set(rows[0]?.known ?? []);
  const unknown = categories.filter((key) => !knownKeys.has(key));
  if (unknown.length > 0) {
    throw invalid(`Unknown categories: ${unknown.join(", ")} (known: ${[...knownKeys].join(", ")})`, [
      { path: "categories", message: `Unknown category: ${unknown.join(", ")}` },
    ]);
  }
  // The statement answers at least one row: all NULL but "known" when no document matches.
  return readViewsJson(rows[0]?.id == null ? [] : rows, plan.stepMap(rows[0]), plan.masked(rows[0]));
}
