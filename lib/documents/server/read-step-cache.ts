// The (product, status) → step map the document API's read views show (ProductStatusStep first, else the
// status's own step when it is the product's), held per instance on this server for API_AUTH_CACHE_MS (default 5 s)
// like the masking policy (read-policy-cache.ts), so the read statements carry no ProductStatusStep / ProductStep
// joins. A read whose instance's map is not held sends the statement with the whole map in one
// more column ("stepMap", lib/documents/read-view-sql.ts) and fills the entry — still one statement per read.
// The Settings use-cases that write the map or the steps (lib/settings/server/create-step.ts, update-step.ts,
// delete-step.ts) drop the instance's entry once committed, so the next read on this server shows the change; on
// another app server it shows within API_AUTH_CACHE_MS, the same bound as a token's revocation or a masking policy.
// Status.stepId is not part of the map: each read statement answers it with the status.
// A read that started before such a drop does not put its older map back (a generation per instance).
// Kept on globalThis: Next's route bundles share it.
import "server-only";
import { config } from "../../config/index.ts";
import { registerProcessCache } from "../../cache/process-caches.ts";
import type { StepMapColumn } from "../read-view-sql.ts";

/** A step as the read view shows it (key order is the answer's). */
export type StepView = {
  readonly id: number;
  readonly product_id: number;
  readonly name: string;
  readonly order: number;
};
/** productId → statusId → stepId, and every step by id. */
export type StepMap = {
  mapped: ReadonlyMap<number, ReadonlyMap<number, number>>;
  steps: ReadonlyMap<number, StepView>;
};

type Entry = { map: StepMap; until: number };
type Store = { entries: Map<number, Entry>; generations: Map<number, number> };
const store = ((globalThis as Record<string, unknown>).__docflowReadSteps ??= {
  entries: new Map(),
  generations: new Map(),
}) as Store;
registerProcessCache("read-steps", () => {
  store.entries.clear();
  store.generations.clear();
});

/** The instance's map held here, or null when the read must ask for it ("stepMap" column). */
export function cachedStepMap(instanceId: number): StepMap | null {
  const entry = store.entries.get(instanceId);
  return entry && entry.until > Date.now() ? entry.map : null;
}

/** The instance's current generation: pass it to rememberStepMap with the map a statement sent after this call. */
export function stepMapGeneration(instanceId: number): number {
  return store.generations.get(instanceId) ?? 0;
}

/** The map a statement answered (its "stepMap" column), kept unless the instance's map was dropped since `generation`. */
export function rememberStepMap(instanceId: number, generation: number, column: StepMapColumn): StepMap {
  const mapped = new Map<number, Map<number, number>>();
  for (const [productId, statusId, stepId] of column.map) {
    let statuses = mapped.get(productId);
    if (!statuses) mapped.set(productId, (statuses = new Map()));
    statuses.set(statusId, stepId);
  }
  const steps = new Map<number, StepView>();
  for (const [id, productId, name, order] of column.steps) {
    steps.set(id, Object.freeze({ id, product_id: productId, name, order }));
  }
  const map: StepMap = { mapped, steps };
  const ttl = config("API_AUTH_CACHE_MS");
  if (ttl > 0 && stepMapGeneration(instanceId) === generation) {
    store.entries.set(instanceId, { map, until: Date.now() + ttl });
  }
  return map;
}

/** Drops the instance's map on this server (Settings changed a step or the map); call it after the commit. */
export function forgetStepMap(instanceId: number): void {
  store.generations.set(instanceId, stepMapGeneration(instanceId) + 1);
  store.entries.delete(instanceId);
}

/** The step a document of this product in this status shows: the product's map, else the status's step if it is the product's. */
export function stepOf(
  map: StepMap,
  productId: number,
  statusId: number,
  statusStepId: number | null,
): StepView | null {
  const stepId = map.mapped.get(productId)?.get(statusId) ?? statusStepId;
  if (stepId === null) return null;
  const step = map.steps.get(stepId);
  return step !== undefined && step.product_id === productId ? step : null;
}
