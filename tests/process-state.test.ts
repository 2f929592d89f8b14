// tests/helpers/process-state.ts empties lib's in-memory caches between test files that share a process: what lib put
// there through its own functions is gone afterwards, a pending flush timer included (each cache registers its own
// way to empty itself: lib/cache/process-caches.ts).
import { afterAll, describe, expect, it } from "vitest";
import { countUnmaskedRead } from "@/lib/auth/server/unmasked-reads.ts";
import "@/lib/auth/server/api-tokens.ts";
import "@/lib/auth/server/sign-in-reuse.ts";
import { cachedStepMap, rememberStepMap, stepMapGeneration } from "@/lib/documents/server/read-step-cache.ts";
import { cachedReadPolicy, rememberReadPolicy } from "@/lib/documents/server/read-policy-cache.ts";
import { enforceRateLimit } from "@/lib/http/server/rate-limit.ts";
import "@/lib/http/server/rate-limit-sync.ts";
import "@/lib/lgpd/server/keys.ts";
import { forgetProcessCaches, leftOpen } from "./helpers/process-state.ts";

const slot = globalThis as Record<string, unknown>;
afterAll(() => forgetProcessCaches());

describe("process state between test files", () => {
  it("forgets what lib cached, and stops the unmasked reads' flush timer", () => {
    rememberReadPolicy(1, "viewer", "cpf,email");
    rememberStepMap(1, stepMapGeneration(1), { map: [[1, 2, 3]], steps: [[3, 1, "Triagem", 1]] });
    countUnmaskedRead(1);
    void enforceRateLimit("test-caller", 100); // counts before its first await
    const unmasked = slot.__docflowUnmaskedReads as { pending: Map<number, number>; timer: unknown };
    const windows = (slot.__docflowRateLimit as { windows: Map<string, unknown> }).windows;
    expect(cachedReadPolicy(1, "viewer")).not.toBeNull();
    expect(cachedStepMap(1)).not.toBeNull();
    expect(unmasked.pending.size).toBe(1);
    expect(unmasked.timer).not.toBeNull();
    expect(windows.size).toBe(1);

    forgetProcessCaches();
    expect(cachedReadPolicy(1, "viewer")).toBeNull();
    expect(cachedStepMap(1)).toBeNull();
    expect(unmasked.pending.size).toBe(0);
    expect(unmasked.timer).toBeNull();
    expect(windows.size).toBe(0);
    expect((slot.__docflowRateLimitSync as { timer: unknown }).timer).toBeNull();
  });

  it("names an open database or a running polling loop left by an earlier file", () => {
    const db = (slot.__docflowDb ??= { db: null }) as { db: unknown };
    const loops = (slot.__docflowPollingLoopKeys ??= new Set<string>()) as Set<string>;
    expect(leftOpen()).toEqual([]);
    db.db = Promise.resolve();
    loops.add("__docflowOutboxLoop");
    try {
      expect(leftOpen()).toEqual([
        "its database open (closeDb not called)",
        "polling loops running (__docflowOutboxLoop)",
      ]);
    } finally {
      db.db = null;
      loops.delete("__docflowOutboxLoop");
    }
  });
});
