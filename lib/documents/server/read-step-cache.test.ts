// The per-server step map (read-step-cache.ts): held for API_AUTH_CACHE_MS, dropped by Settings, and never put back by
// a read that started before the drop. tests/read-view-sql.db.test.ts checks the reads on both databases.
import { afterEach, describe, expect, it, vi } from "vitest";
import { cachedStepMap, forgetStepMap, rememberStepMap, stepMapGeneration } from "./read-step-cache.ts";

const COLUMN = {
  map: [[1, 2, 3]] as [number, number, number][],
  steps: [[3, 1, "Etapa", 1]] as [number, number, string, number][],
};

afterEach(() => {
  vi.useRealTimers();
  delete process.env.API_AUTH_CACHE_MS;
});

describe("the step map held per server", () => {
  it("is held for API_AUTH_CACHE_MS, then read again", () => {
    vi.useFakeTimers({ toFake: ["Date"], now: 1_000_000 });
    const instance = 910_001;
    expect(cachedStepMap(instance)).toBeNull();
    const map = rememberStepMap(instance, stepMapGeneration(instance), COLUMN);
    expect(cachedStepMap(instance)).toBe(map);
    vi.setSystemTime(1_000_000 + 5_001);
    expect(cachedStepMap(instance)).toBeNull();
  });

  it("is dropped by forgetStepMap, and a read that began before the drop does not put its map back", () => {
    const instance = 910_002;
    const before = stepMapGeneration(instance);
    rememberStepMap(instance, before, COLUMN);
    forgetStepMap(instance);
    expect(cachedStepMap(instance)).toBeNull();
    // The read's statement ran before the Settings commit; its answer arrives after the drop.
    const stale = rememberStepMap(instance, before, COLUMN);
    expect(stale.steps.get(3)).toEqual({ id: 3, product_id: 1, name: "Etapa", order: 1 }); // still used for its own read
    expect(cachedStepMap(instance)).toBeNull();
    // A read that began after it is kept.
    rememberStepMap(instance, stepMapGeneration(instance), COLUMN);
    expect(cachedStepMap(instance)).not.toBeNull();
  });

  it("is never held with API_AUTH_CACHE_MS=0", () => {
    process.env.API_AUTH_CACHE_MS = "0";
    const instance = 910_003;
    rememberStepMap(instance, stepMapGeneration(instance), COLUMN);
    expect(cachedStepMap(instance)).toBeNull();
  });
});
